/**
 * An operation or method named `then` would make the generated client a thenable: `await client`
 * (or returning it from an async function) would call it, send its request and never settle.
 * It is renamed like a reserved word.
 */
import { describe, expect, it } from "vitest";
import { synthesiseIds } from "../../scripts/generate/operation-ids.js";

describe("an operation or method named then", () => {
  it("is renamed then_, the client staying no thenable", () => {
    const { ids, synthesised } = synthesiseIds(
      [
        { pointer: "/paths/~1a/get", original: "then", fallback: "get a" },
        { pointer: "/paths/~1b/get", original: "thenAgain", fallback: "get b" },
      ],
      [],
    );
    expect(ids).toEqual(["then_", "thenAgain"]);
    expect(synthesised).toEqual([{ pointer: "/paths/~1a/get", id: "then_", original: "then" }]);
  });
});
