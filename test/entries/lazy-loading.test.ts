import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { SURFACES } from "../../scripts/generate/surfaces.js";

/**
 * What each entry's clients load up front, read from esbuild's code-split bundle (not timed): code
 * that only a transfer, a TRC-20 read, a verification, a live subscription or a refused value needs
 * must stay behind an `import()`, so the up-front download cannot silently grow back.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Every source input of the chunks an entry loads up front, those of the app's own chunk (code no
 * lazily loaded module shares), and the modules that became chunks of their own.
 */
async function splitInputs(contents: string): Promise<{
  upFront: string[];
  ownChunk: string[];
  lazyEntries: string[];
  bytes: Map<string, number>;
  /** The files loaded up front, and those each lazy entry adds to them (its chunk and its static imports). */
  files: { upFront: number; lazy: Map<string, number> };
}> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "app.ts" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    outdir: "out",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === "app.ts");
  if (entry === undefined) throw new Error("esbuild wrote no chunk for the app");
  const staticClosure = (start: string): Set<string> => {
    const closure = new Set<string>();
    const pending = [start];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (closure.has(file)) continue;
      closure.add(file);
      for (const imported of outputs[file]?.imports ?? []) {
        if (imported.kind === "import-statement") pending.push(imported.path);
      }
    }
    return closure;
  };
  const seen = staticClosure(entry);
  // The app's own chunk always holds the entry's code: an empty list would prove nothing.
  if (seen.size === 0) throw new Error("no up-front chunk");
  const bytes = new Map(
    [...seen].flatMap((file) =>
      Object.entries(outputs[file]?.inputs ?? {}).map(([input, { bytesInOutput }]) => [input, bytesInOutput]),
    ),
  );
  return {
    upFront: [...bytes.keys()],
    ownChunk: Object.entries(outputs[entry]?.inputs ?? {}).flatMap(([input, { bytesInOutput }]) =>
      bytesInOutput > 0 ? [input] : [],
    ),
    bytes,
    lazyEntries: Object.values(outputs).flatMap((output) =>
      output.entryPoint && output.entryPoint !== "app.ts" ? [output.entryPoint] : [],
    ),
    files: {
      upFront: seen.size,
      lazy: new Map(
        Object.entries(outputs).flatMap(([file, output]) =>
          output.entryPoint && output.entryPoint !== "app.ts"
            ? [[output.entryPoint, [...staticClosure(file)].filter((chunk) => !seen.has(chunk)).length]]
            : [],
        ),
      ),
    },
  };
}

/** The inputs among `inputs` that match any of `patterns`. */
function matching(inputs: readonly string[], patterns: readonly RegExp[]): string[] {
  return inputs.filter((input) => patterns.some((pattern) => pattern.test(input)));
}

/** The wording of validation issues and of failed answers, needed only once a value or an answer fails. */
const WORDING = [
  /src\/runtime\/validation\/(field-issues|issue-message|closest-branch|pattern-words)\.ts$/,
  /src\/runtime\/http\/(response-errors|answer-hints|unreachable-hint)\.ts$/,
];
/** Generated validators, loaded per operation on its first call. */
const VALIDATORS = [/generated\/[^/]+\/validators\//];

describe("every entry loads validators and the wording of failures on first use only", () => {
  for (const surface of [...SURFACES.map(({ name }) => name), "viem"]) {
    it(`chainkit/${surface}, everything it exports`, async () => {
      const { upFront, lazyEntries } = await splitInputs(`export * from "./src/${surface}.ts";`);
      expect(matching(upFront, [...WORDING, ...VALIDATORS])).toEqual([]);
      expect(lazyEntries).toContain("src/runtime/validation/field-issues.ts");
      // The JSON-RPC client imports the wording of failed answers with its call path, itself loaded
      // on the first call (see src/runtime/json-rpc/http-transport.ts); the REST callers import it
      // on the first failure.
      expect(lazyEntries).toContain(
        surface === "evm" || surface === "viem"
          ? "src/evm/client/evm-call-path.ts"
          : "src/runtime/http/response-errors.ts",
      );
    });
  }
});

describe("a browser build leaves the ws package out", () => {
  // Browsers use their own WebSocket; chainkit's package.json maps ws to nothing for them, so no
  // bundle carries ws's throwing browser stub or the CommonJS wrapper it needs.
  for (const surface of ["evm", "exchange"]) {
    it(`chainkit/${surface}, everything it exports`, async () => {
      const result = await build({
        stdin: { contents: `export * from "./src/${surface}.ts";`, resolveDir: root, loader: "ts" },
        bundle: true,
        format: "esm",
        platform: "browser",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.some((input) => input.startsWith("src/runtime/websocket/"))).toBe(true);
      // esbuild lists a module the browser field maps to nothing as "(disabled):…", with no code.
      expect(inputs.filter((input) => /^node_modules\/ws\//.test(input))).toEqual([]);
    });
  }
});

// The clients are imported from their own modules, as a bundler that drops an entry's unused
// re-exports keeps them (esbuild keeps the chunks those re-exports share with lazy code).
describe("a client that only reads carries no signing, verification or live code", () => {
  it("createWalletClient: transfers and TRC-20 writes (secp256k1, the protobuf reader, the checked-write path), TRC-20 reads (the ABI coder), waitForTransaction, Stake 2.0 writes, the fee estimator and the payment watcher load on first use", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      'export { createWalletClient } from "./src/wallet/create-wallet-client.ts";',
    );
    expect(
      matching(upFront, [
        /@noble\/curves/,
        /micro-eth-signer/,
        /micro-packed/,
        /@bufbuild\/protobuf/,
        /src\/wallet\/transaction\//,
        /src\/wallet\/trc20\//,
        /src\/wallet\/(stake|fees|watch)\//,
        /src\/wallet\/errors\/(refusal-reason|broadcast-error|contract-call-error|transaction-failed-error|transaction-wait-timeout-error)\.ts$/,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toEqual(
      expect.arrayContaining([
        "src/wallet/transaction/transfer.ts",
        "src/wallet/trc20/trc20-contract.ts",
        "src/wallet/trc20/trc20-writes.ts",
        "src/wallet/transaction/wait-for-transaction.ts",
        "src/wallet/stake/stake-writes.ts",
        "src/wallet/fees/estimate-fee.ts",
        "src/wallet/watch/watch-payments.ts",
      ]),
    );
  });

  it("createEvmClient: the write half (sending, signing, RLP, the ABI coder) loads on the first send", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      'export { createEvmClient } from "./src/evm/client/create-evm-client.ts";',
    );
    expect(
      matching(upFront, [
        /micro-eth-signer/,
        /micro-packed/,
        /src\/evm\/write\//,
        /src\/evm\/signer\/sign-with-key\.ts$/,
        /src\/evm\/logs\//,
        /src\/evm\/revert\/decode-revert\.ts$/,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toEqual(
      expect.arrayContaining([
        "src/evm/write/transaction-writer.ts",
        "src/evm/write/wait-for-receipt.ts",
        "src/evm/logs/walk-logs.ts",
      ]),
    );
  });

  it("createEvmClient: the live half (event queues, the chain follower, the socket) loads on the first subscription", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      'export { createEvmClient } from "./src/evm/client/create-evm-client.ts";',
    );
    expect(
      matching(upFront, [
        /src\/evm\/live\/(event-queue|live-subscriptions|subscription-hub|follower|head-follower|log-follower|pending-follower)\.ts$/,
        /src\/runtime\/websocket\/websocket-transport\.ts$/,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toEqual(
      expect.arrayContaining([
        "src/evm/live/live-subscriptions.ts",
        "src/evm/live/subscription-hub.ts",
        "src/evm/client/with-call-path/websocket-transport.ts",
      ]),
    );
  });

  it("createEvmClient: the WebSocket connection (its endpoint, reconnect and keep-alive checks, the subscription options) loads on first use", async () => {
    const { upFront, lazyEntries } = await splitInputs('export { createEvmClient } from "./src/evm.ts";');
    expect(
      matching(upFront, [
        /src\/evm\/live\/(live-connection|subscription-options)\.ts$/,
        /src\/runtime\/websocket\/(reconnect-policy|keep-alive-policy)\.ts$/,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toContain("src/evm/live/live-connection.ts");
  });

  it("createEvmClient: the call path (JSON-RPC, the JSON reader and writer, sending, answer checks) loads on the first call", async () => {
    for (const contents of [
      'export { createEvmClient } from "./src/evm/client/create-evm-client.ts";',
      'export { createEvmClient } from "./src/evm.ts";',
    ]) {
      const { upFront, lazyEntries } = await splitInputs(contents);
      expect(
        matching(upFront, [
          /src\/runtime\/json-rpc\/(create-json-rpc-client|http-transport|read-rpc-response)\.ts$/,
          /src\/runtime\/json\//,
          /src\/runtime\/http\/(send-request|read-body|retry-policy|retry-after)\.ts$/,
          // The loader itself is up front: the first call starts its validators' import early.
          /src\/runtime\/validation\/(?!load-validators\.ts$)/,
          /src\/evm\/client\/(quantity-hint|log-range-rule|subscriptions-over-http|evm-call-path|chain-id-pin)\.ts$/,
        ]),
      ).toEqual([]);
      expect(lazyEntries).toContain("src/evm/client/evm-call-path.ts");
    }
  });

  it("createEvmClient: the generated methods and the WebSocket checks sit in the app's own chunk", async () => {
    // Shared with lazily loaded code, each would be a chunk of its own: one more request, and its
    // own gzip overhead (the live code takes the table and the settled WebSocket choice from the client).
    const { ownChunk } = await splitInputs('export { createEvmClient } from "./src/evm.ts";');
    expect(ownChunk).toEqual(
      expect.arrayContaining([
        "generated/evm/operations.ts",
        "generated/evm/client.ts",
        "src/runtime/websocket/websocket-choice.ts",
      ]),
    );
  });

  for (const [surface, name, caller] of [
    ["wallet", "createWalletClient", "src/wallet/wallet-caller.ts"],
    ["indexer", "createIndexerClient", "src/indexer/indexer-caller.ts"],
    ["platform", "createPlatformClient", "src/runtime/rest/create-rest-caller.ts"],
  ] as const) {
    it(`${name}: the REST call path (sending, the JSON reader, the answer checks) loads on the first call`, async () => {
      const { upFront, lazyEntries } = await splitInputs(`export { ${name} } from "./src/${surface}.ts";`);
      expect(
        matching(upFront, [
          /src\/runtime\/rest\/(create-rest-caller|prepare-request)\.ts$/,
          /src\/runtime\/json\/(parse-json|convert-int64)\.ts$/,
          /src\/runtime\/http\/(send-request|read-body|retry-policy)\.ts$/,
          // The loader itself is up front: the first call starts its validators' import early.
          /src\/runtime\/validation\/(?!load-validators\.ts$)/,
          /src\/(wallet\/wallet-caller|indexer\/indexer-caller)\.ts$/,
        ]),
      ).toEqual([]);
      expect(lazyEntries).toContain(caller);
    });
  }

  it("privateKeySigner, contract and erc20 carry no signing or ABI-coding code until first used", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      [
        'export { privateKeySigner } from "./src/evm/signer/private-key-signer.ts";',
        'export { contract } from "./src/evm/contract/contract.ts";',
        'export { erc20 } from "./src/evm/contract/erc20.ts";',
      ].join("\n"),
    );
    expect(
      matching(upFront, [/micro-eth-signer/, /micro-packed/, /src\/evm\/contract\/abi-coder\.ts$/]),
    ).toEqual([]);
    expect(lazyEntries).toEqual(
      expect.arrayContaining(["src/evm/signer/sign-with-key.ts", "src/evm/contract/abi-coder.ts"]),
    );
  });

  it("createEvmClient: proof and receipt verification and the WebSocket transport load on first use", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      'export { createEvmClient } from "./src/evm/client/create-evm-client.ts";',
    );
    expect(
      matching(upFront, [
        /@noble\/curves/,
        /@noble\/hashes\/sha3/,
        /src\/evm\/verify\//,
        /src\/runtime\/websocket\/(websocket-transport|socket-connection|open-websocket)\.ts$/,
        /src\/evm\/live\/(subscription-hub|follower|head-follower|log-follower)\.ts$/,
        /node_modules\/ws\//,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toEqual(
      expect.arrayContaining([
        "src/evm/client/with-call-path/verified-proof.ts",
        "src/evm/client/with-call-path/verified-receipt.ts",
        "src/evm/client/with-call-path/websocket-transport.ts",
        "src/evm/live/subscription-hub.ts",
      ]),
    );
  });

  it("chainkitTransport (chainkit/viem) carries no verification or WebSocket code either", async () => {
    const { upFront } = await splitInputs(
      'export { chainkitTransport } from "./src/viem/chainkit-transport.ts";',
    );
    expect(
      matching(upFront, [
        /@noble\/curves/,
        /src\/evm\/verify\//,
        /src\/runtime\/websocket\/websocket-transport/,
      ]),
    ).toEqual([]);
  });

  it("createExchangeClient: transfers, TWAPs, sub-accounts and account settings load on first use", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      'export { createExchangeClient } from "./src/exchange/client.ts";',
    );
    // A client that only places and cancels orders carries none of their input checks.
    expect(
      matching(upFront, [/src\/exchange\/account-actions\.ts$/, /src\/exchange\/assets\/closest-names\.ts$/]),
    ).toEqual([]);
    expect(lazyEntries).toContain("src/exchange/action-code.ts");
  });

  it("createExchangeClient: the asset checks and the /info reader load with the first action", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      'export { createExchangeClient } from "./src/exchange.ts";',
    );
    expect(
      matching(upFront, [
        /src\/exchange\/info-client\.ts$/,
        /src\/exchange\/assets\//,
        /src\/exchange\/signing\/decimal\.ts$/,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toContain("src/exchange/action-code.ts");
  });

  it("createExchangeClient carries no WebSocket feed code, and createExchangeFeed loads its socket and session on first use", async () => {
    const feedCode = [
      /src\/exchange\/feed\//,
      /generated\/exchange\/channels\.ts$/,
      /src\/runtime\/websocket\/(socket-connection|open-websocket)\.ts$/,
      /node_modules\/ws\//,
    ];
    const client = await splitInputs('export { createExchangeClient } from "./src/exchange/client.ts";');
    expect(matching(client.upFront, feedCode)).toEqual([]);

    const { upFront, lazyEntries } = await splitInputs(
      'export { createExchangeFeed } from "./src/exchange/feed/create-exchange-feed.ts";',
    );
    expect(
      matching(upFront, [
        /src\/exchange\/feed\/(feed-session|continuity|post-fetch)\.ts$/,
        /src\/exchange\/(info-client|client)\.ts$/,
        /src\/runtime\/websocket\/(socket-connection|open-websocket)\.ts$/,
        /node_modules\/ws\//,
        ...VALIDATORS,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toContain("src/exchange/feed/feed-session.ts");
  });
});

// esbuild's split builds give an entry a static import of every chunk holding a module that the
// entry re-exports (directly or through `export *`) and that lazy code also uses, even when the app
// imports none of those names (esbuild issues 2922, 3704). So a name whose module lazy code shares
// is bound as a constant in a public-face module (src/evm/verify/index.ts,
// src/wallet/transaction/index.ts), constants live in leaf modules, and lazy code never imports a
// module the entry re-exports. This checks that rule on every entry: an app importing the client
// through `chainkit/<surface>` loads what it loads importing the client's own module, plus at most
// small leaf modules (error classes, named limits).
describe("an entry's other exports add nothing to what its client loads up front", () => {
  const CLIENTS: [surface: string, names: string, module: string][] = [
    ["platform", "createPlatformClient", "platform/create-platform-client.ts"],
    ["evm", "createEvmClient", "evm/client/create-evm-client.ts"],
    ["exchange", "createExchangeClient", "exchange/client.ts"],
    ["wallet", "createWalletClient", "wallet/create-wallet-client.ts"],
    ["indexer", "createIndexerClient", "indexer/create-indexer-client.ts"],
    ["viem", "chainkitTransport", "viem/chainkit-transport.ts"],
  ];
  /** Leaf modules an entry may re-export although lazy code uses them too: each is a few hundred bytes. */
  const SMALL_LEAVES = [/src\/([^/]+\/)?errors\/[^/]+\.ts$/, /src\/evm\/(limits|quantity)\.ts$/];

  for (const [surface, name, module] of CLIENTS) {
    it(`${name} from chainkit/${surface}`, async () => {
      const [viaEntry, own] = await Promise.all([
        splitInputs(`export { ${name} } from "./src/${surface}.ts";`),
        splitInputs(`export { ${name} } from "./src/${module}";`),
      ]);
      // Inputs with no bytes in the output (the entry file itself, type-only modules) cost nothing.
      const extra = viaEntry.upFront.filter(
        (input) => !own.upFront.includes(input) && (viaEntry.bytes.get(input) ?? 0) > 0,
      );
      expect(matching(extra, [/node_modules\//])).toEqual([]);
      expect(extra.filter((input) => !SMALL_LEAVES.some((leaf) => leaf.test(input)))).toEqual([]);
      const extraBytes = extra.reduce((sum, input) => sum + (viaEntry.bytes.get(input) ?? 0), 0);
      expect(extraBytes).toBeLessThan(8_000);
    });
  }

  it("createEvmClient from chainkit/evm carries no curve, hash, verification or signing code", async () => {
    const { upFront } = await splitInputs('export { createEvmClient } from "./src/evm.ts";');
    expect(
      matching(upFront, [
        /@noble\//,
        /micro-eth-signer/,
        /src\/evm\/verify\//,
        /src\/evm\/signer\/private-key-signer\.ts$/,
        /src\/runtime\/signing\//,
        /src\/evm\/write\//,
        /src\/evm\/logs\//,
      ]),
    ).toEqual([]);
  });

  it("createWalletClient from chainkit/wallet carries no curve, hash, protobuf, address or transaction code", async () => {
    const { upFront } = await splitInputs('export { createWalletClient } from "./src/wallet.ts";');
    expect(
      matching(upFront, [
        /@noble\//,
        /src\/wallet\/(address|base58|readable-asset|request-address)\.ts$/,
        /@bufbuild\/protobuf/,
        /src\/wallet\/transaction\//,
        /src\/wallet\/trc20\//,
      ]),
    ).toEqual([]);
  });

  it("createExchangeClient and privateKeySigner from chainkit/exchange: the curve, msgpack, action hashing, EIP-712 signing and the action input checks load on the first action", async () => {
    const { upFront, lazyEntries } = await splitInputs(
      'export { createExchangeClient, privateKeySigner } from "./src/exchange.ts";',
    );
    expect(
      matching(upFront, [
        /@noble\/curves/,
        /src\/runtime\/signing\/(base-point-table|checksum-address)\.ts$/,
        /src\/exchange\/signing\/(msgpack|action-hash|sign-l1-action|user-signed|eip712|key-signing)\.ts$/,
        /src\/exchange\/signing\/(canonical-action|wire-shapes)\.ts$/,
        /src\/exchange\/action-inputs\.ts$/,
      ]),
    ).toEqual([]);
    expect(lazyEntries).toEqual(
      expect.arrayContaining(["src/exchange/action-code.ts", "src/exchange/signing/key-signing.ts"]),
    );
  });

  // A public face binds each module's names in a file of its own: using one name loads that module only.
  it("verifyProof from chainkit/evm loads the proof walk, not the receipt, transaction or curve code", async () => {
    const { upFront } = await splitInputs('export { verifyProof } from "./src/evm.ts";');
    expect(matching(upFront, [/src\/evm\/verify\/verify-proof\.ts$/])).toHaveLength(1);
    expect(
      matching(upFront, [
        /@noble\/curves/,
        /src\/evm\/verify\/(verified-receipt|receipts-root|receipt-encoding|transaction-hash|transactions-root)\.ts$/,
      ]),
    ).toEqual([]);
  });

  it("signL1Action from chainkit/exchange loads no user-signed action code, and the curve only when a key signs", async () => {
    const { upFront, lazyEntries } = await splitInputs('export { signL1Action } from "./src/exchange.ts";');
    expect(matching(upFront, [/src\/exchange\/signing\/sign-l1-action\.ts$/])).toHaveLength(1);
    expect(
      matching(upFront, [/src\/exchange\/signing\/(user-signed|key-signing)\.ts$/, /@noble\/curves/]),
    ).toEqual([]);
    expect(lazyEntries).toContain("src/exchange/signing/key-signing.ts");
  });

  // Node loads each chunk as a module of its own (about half a millisecond each on a quiet machine),
  // so what the client's first action loads is one lazy module, not one per concern: otherwise each
  // splits the signing code shared with this name into one more chunk (11 files before).
  it("signL1Action from chainkit/exchange: the first signature with a key loads 7 files", async () => {
    const { files } = await splitInputs('export { signL1Action } from "./src/exchange.ts";');
    const curve = files.lazy.get("src/exchange/signing/key-signing.ts") ?? 0;
    expect(curve).toBeGreaterThan(0);
    expect(files.upFront + curve).toBeLessThanOrEqual(7);
  });
});
