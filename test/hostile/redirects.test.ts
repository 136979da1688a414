import { RedirectRefusedError } from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { everyClientCall, everythingShown, TOKEN } from "./support/clients.js";

// Finding 2: a 3xx used to be followed, resending the path token, JSON-RPC bodies and signed actions
// to wherever the server pointed. Now it is a RedirectRefusedError and the target gets nothing.
describe("redirects are refused, never followed", () => {
  let target: HostileServer;
  let redirecting: HostileServer;
  let status = 307;
  let location = "";

  beforeAll(async () => {
    target = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    redirecting = await startHostileServer((_request, response) => {
      response.writeHead(status, { location }).end("moved");
    });
  });
  afterAll(async () => {
    await Promise.all([target.close(), redirecting.close()]);
  });

  for (const code of [301, 302, 303, 307, 308]) {
    it(`HTTP ${code} from every client names the target's origin and sends nothing there`, async () => {
      status = code;
      location = `${target.url}/${TOKEN}/evm?key=${TOKEN}`;
      for (const { surface, mode, secrets, call } of everyClientCall(redirecting.url)) {
        const error = await call().then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error, `${surface} (${mode})`).toBeInstanceOf(RedirectRefusedError);
        const refused = error as RedirectRefusedError;
        expect(refused.status).toBe(code);
        expect(refused.targetOrigin).toBe(target.url);
        expect(refused.message).toContain("redirect");
        const shown = await everythingShown(error);
        for (const secret of secrets) expect(shown, `${surface} (${mode})`).not.toContain(secret);
      }
      expect(target.requests).toEqual([]);
    });
  }

  it("shows no user info of the target, and reads a relative Location against the request", async () => {
    status = 302;
    location = `http://user:${TOKEN}@198.51.100.7:8443/${TOKEN}`;
    const [platform, evm] = everyClientCall(redirecting.url);
    const withUserInfo = await evm?.call().catch((caught: unknown) => caught);
    expect((withUserInfo as RedirectRefusedError).targetOrigin).toBe("http://198.51.100.7:8443");
    location = "/elsewhere";
    const relative = await platform?.call().catch((caught: unknown) => caught);
    expect((relative as RedirectRefusedError).targetOrigin).toBe(redirecting.url);
  });
});
