import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvmMethods } from "../../generated/evm/client.js";
import { createExchangeOperations } from "../../generated/exchange/client.js";
import { createIndexerOperations } from "../../generated/indexer/client.js";
import { createPlatformOperations } from "../../generated/platform/client.js";
import { createWalletOperations } from "../../generated/wallet/client.js";
import { extractExamples } from "../../scripts/examples/extract-examples.js";
import { bearerAuth, nodeAuth } from "../../src/runtime/credentials/auth.js";
import {
  HttpError,
  JsonRpcError,
  RequestValidationError,
  ResponseValidationError,
} from "../../src/runtime/errors/index.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";

// The generated clients' examples, run against the sandbox: each must pass the client's own checks
// and reach the service. The service may still refuse one (an example node id the sandbox does not
// have, an example signature), which is an answer; a validation error or a crash is a broken example.
const root = fileURLToPath(new URL("../../", import.meta.url));
const folder = join(root, ".tmp/client-examples");
const examples = readdirSync(join(root, "generated"))
  .map((surface) => `generated/${surface}/client.ts`)
  .flatMap((file) => extractExamples(file, readFileSync(join(root, file), "utf8")));

let sandbox: Sandbox;
let clients: Record<string, unknown>;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5, nodeStartupMs: 0 });
  const node = { auth: nodeAuth({ token: sandbox.credentials.nodeToken }) };
  clients = {
    platform: createPlatformOperations(
      createRestCaller({ baseUrl: sandbox.urls.platform, auth: bearerAuth(sandbox.credentials.apiKey) }),
    ),
    exchange: createExchangeOperations(createRestCaller({ baseUrl: sandbox.urls.exchange })),
    evm: createEvmMethods(createJsonRpcClient({ url: sandbox.urls.evm, path: sandbox.evm.path, ...node })),
    wallet: createWalletOperations(createRestCaller({ baseUrl: sandbox.urls.wallet, ...node })),
    indexer: createIndexerOperations(createRestCaller({ baseUrl: sandbox.urls.indexer, ...node })),
  };
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the generated clients' examples", () => {
  it("are there to run", () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
  });

  it.each(examples.map((example) => [`${example.file}:${example.line}`, example] as const))(
    "%s runs against the sandbox",
    async (_where, example) => {
      const surface = example.file.split("/")[1] as string;
      const path = join(folder, `${surface}-${example.line}.ts`);
      writeFileSync(path, `export default async (${surface}: any) => {\n${example.code}\n};\n`);
      const run = (await import(path)) as { default: (client: unknown) => Promise<void> };
      try {
        await run.default(clients[surface]);
      } catch (error) {
        expect(error).not.toBeInstanceOf(RequestValidationError);
        expect(error).not.toBeInstanceOf(ResponseValidationError);
        expect(
          [HttpError, JsonRpcError].some((kind) => error instanceof kind),
          String(error),
        ).toBe(true);
      }
    },
  );
});
