import { request as httpRequest } from "node:http";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, nodeStartupMs: 0 });
});
afterAll(() => sandbox.close());

/**
 * Streams an upload of `chunks` × 256 KiB to `url` without ending it unless the server reads it all,
 * and resolves with the status and how many bytes went out before the answer came.
 */
function streamUpload(url: string, chunks: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; sentBeforeAnswer: number }>((resolve, reject) => {
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    const request = httpRequest(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
    });
    request.on("response", (response) => {
      resolve({ status: response.statusCode ?? 0, sentBeforeAnswer: sent });
      response.resume();
      request.destroy();
    });
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
    const pump = () => {
      while (sent < chunks * chunk.length && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once("drain", pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

// Finding 14: a body field named __proto__, constructor or toString got a 500 (`fields[name] is not
// iterable`); a 300 MB upload was read whole before its 413.
describe("the sandbox's HTTP core against hostile input", () => {
  it("answers 400 naming a body field called __proto__, constructor or toString", async () => {
    for (const field of ["__proto__", "constructor", "toString"]) {
      const response = await fetch(`${sandbox.urls.platform}/v1/nodes/`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${sandbox.credentials.apiKey}`,
          "content-type": "application/json",
        },
        body: `{"name":"n","network":"ethereum-mainnet","type":"dedicated","provider":"gcloud","region":"asia-southeast1","role":"peer","configuration":{},"${field}":{"x":1}}`,
      });
      expect(response.status, field).toBe(400);
      const text = await response.text();
      expect(Object.keys(JSON.parse(text).error.fields), field).toContain(field);
    }
  });

  it("refuses an upload over the limit while it streams, without reading it whole", async () => {
    const endless = 1200; // 300 MiB, if the sandbox read it all
    const { status, sentBeforeAnswer } = await streamUpload(
      `${sandbox.urls.wallet}/${sandbox.credentials.nodeToken}/wallet/getassetissuebyid`,
      endless,
    );
    expect(status).toBe(413);
    expect(sentBeforeAnswer).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a declared Content-Length over the limit before reading any of it", async () => {
    const { status, sentBeforeAnswer } = await streamUpload(`${sandbox.urls.exchange}/exchange`, 1200, {
      "content-length": String(300 * 1024 * 1024),
    });
    expect(status).toBe(413);
    expect(sentBeforeAnswer).toBeLessThan(64 * 1024 * 1024);
  });
});
