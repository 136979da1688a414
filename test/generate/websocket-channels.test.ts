/** `x-websocket`: the generator reads a spec's WebSocket channels, and refuses a malformed entry naming its pointer. */
import { describe, expect, it } from "vitest";
import type { Json } from "../../scripts/generate/json.js";
import { channelsFile, readWebSocket } from "../../scripts/generate/websocket-channels.js";

const doc = (websocket: Json): Json => ({
  openapi: "3.1.0",
  components: { schemas: { Sub: { type: "object" }, Data: { type: "object" } } },
  "x-websocket": websocket,
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("x-websocket", () => {
  it("reads each subscription type's channel and schemas, and writes their types and descriptor", () => {
    const model = readWebSocket(
      "spec.yaml",
      doc({
        path: "/ws",
        channels: { userEvents: { channel: "user", subscription: ref("Sub"), data: ref("Data") } },
      }),
    );
    expect(model).toEqual({
      path: "/ws",
      channels: [
        {
          type: "userEvents",
          channel: "user",
          subscription: "Sub",
          data: "Data",
          pointer: "/x-websocket/channels/userEvents",
        },
      ],
    });
    const file = channelsFile(
      { camel: "demo", pascal: "Demo", title: "demo API" },
      model as NonNullable<typeof model>,
    );
    expect(file).toContain("userEvents: { subscription: Sub; data: Data };");
    expect(file).toContain('userEvents: "user",');
    expect(file).toContain('import("./validators/websocket-channels.js")');
  });

  it("is absent when the spec has no WebSocket", () => {
    expect(readWebSocket("spec.yaml", { openapi: "3.1.0" })).toBeUndefined();
  });

  it("refuses a schema that is not a component $ref, and a missing channel, naming the pointer", () => {
    const inline = doc({
      path: "/ws",
      channels: { l2Book: { channel: "l2Book", subscription: { type: "object" }, data: ref("Data") } },
    });
    expect(() => readWebSocket("spec.yaml", inline)).toThrow(/\/x-websocket\/channels\/l2Book\/subscription/);
    const nameless = doc({
      path: "/ws",
      channels: { l2Book: { subscription: ref("Sub"), data: ref("Data") } },
    });
    expect(() => readWebSocket("spec.yaml", nameless)).toThrow(/\/x-websocket\/channels\/l2Book\/channel/);
    expect(() => readWebSocket("spec.yaml", doc({ channels: {} }))).toThrow(/\/x-websocket\/path/);
  });
});
