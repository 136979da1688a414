import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { packedValidators } from "../support/spec-validators.js";

/**
 * How many files an app built with esbuild's code splitting downloads for `createEvmClient`: each
 * file is one more request in a browser and one more module load in Node (about half a millisecond
 * on a cold start), and each small chunk pays its own gzip overhead. Modules the client shares with
 * the code it loads later must come in a few chunks, not one per combination of lazy modules that
 * use them (see src/evm/client/evm-call-path.ts).
 */

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The chunks an output loads statically, itself included. */
function staticClosure(outputs: Metafile["outputs"], start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind === "import-statement") pending.push(imported.path);
    }
  }
  return seen;
}

describe("createEvmClient in an esbuild split build", () => {
  it("loads up front in at most 3 chunks of at most 8.6 KB gzip, and its first block read in at most 5 more files", async () => {
    const result = await build({
      stdin: {
        contents: 'export { createEvmClient } from "./src/evm.ts";',
        resolveDir: root,
        loader: "ts",
        sourcefile: "app.ts",
      },
      bundle: true,
      splitting: true,
      minify: true,
      format: "esm",
      platform: "browser",
      outdir: "out",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const outputs = result.metafile.outputs;
    const chunkOf = (entryPoint: string) => {
      const file = Object.keys(outputs).find((output) => outputs[output]?.entryPoint === entryPoint);
      if (file === undefined) throw new Error(`${entryPoint} is not a chunk of its own`);
      return file;
    };
    const upFront = staticClosure(outputs, chunkOf("app.ts"));
    // The first eth_getBlockByHash: the call path and the pack of the method's validators (with
    // the chunks of checks it shares with the other packs).
    const pack = relative(root, (await packedValidators(root, "evm", "eth_getBlockByHash")).file);
    const firstCall = new Set(
      ["src/evm/client/evm-call-path.ts", pack]
        .flatMap((module) => [...staticClosure(outputs, chunkOf(module))])
        .filter((file) => !upFront.has(file)),
    );
    // Each chunk compressed on its own, as a browser downloads it (gzip -9, as the size row measures).
    const upFrontGzip = result.outputFiles
      .filter((file) => upFront.has(relative(root, file.path)))
      .reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
    // Three: ChainkitError is a chunk of its own again because the private-key signer's lazy code
    // (chainkit's own transaction encoding and its errors) reaches it without the call path.
    expect(upFront.size).toBeLessThanOrEqual(3);
    // 8.6 KB: the redaction of secrets echoed hex-encoded (revert data, TRON messages) added 0.17,
    // and of secrets echoed base64-encoded (an Authorization header a server sends back) 0.20. The
    // redaction runs synchronously wherever an error is made, so it cannot wait for a lazy chunk.
    expect(upFrontGzip).toBeLessThanOrEqual(8_600);
    // The call path's stub and its chunk, the pointer escaping it shares with the lazily loaded
    // wording, the pack and the checks it shares with the other pack. Each file more is about half
    // a millisecond of a Node cold start (docs/performance.md, "Import and first call").
    expect(firstCall.size).toBeLessThanOrEqual(5);
    // What only some calls need waits for them: Keccak-256 for an address with a capital letter
    // (its EIP-55 checksum), the scrubbing of worded issues for an answer that fails its check.
    const firstCallInputs = [...firstCall].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
    expect(firstCallInputs).not.toContain("src/runtime/hashing/keccak-256.ts");
    expect(firstCallInputs).not.toContain("src/runtime/validation/scrub-issues.ts");
  });
});
