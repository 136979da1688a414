import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeGeneratorLock } from "../../scripts/build/generator-lock.js";
import { GENERATOR_PACKAGES, packageProblems } from "../../src/cli/generator/generator-packages.js";
import { GeneratorPackagesError } from "../../src/cli/generator/generator-packages-error.js";
import { loadGeneratorModule } from "../../src/cli/generator/load-generator.js";

const scratch = mkdtempSync(join(tmpdir(), "chainkit-generator-packages-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, { version?: string }>;
};

function fakePackage(dir: string, name: string, version: string): void {
  mkdirSync(join(dir, "node_modules", name), { recursive: true });
  writeFileSync(join(dir, "node_modules", name, "package.json"), JSON.stringify({ name, version }));
}

describe("the generator's packages", () => {
  it("are pinned at the versions the tests run with (package-lock.json)", () => {
    for (const [name, version] of Object.entries(GENERATOR_PACKAGES)) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
  });

  it("are named when absent or at another version, as an import from the folder would find them", () => {
    const project = join(scratch, "project");
    fakePackage(project, "js-yaml", "3.14.1");
    fakePackage(project, "ajv", GENERATOR_PACKAGES.ajv as string);
    const problems = packageProblems(join(project, "node_modules/chainkit/dist/scripts/generate"));
    expect(problems).toContainEqual({ name: "js-yaml", needed: "4.3.2", found: "3.14.1" });
    expect(problems).toContainEqual({ name: "ts-morph", needed: "27.0.2", found: undefined });
    expect(problems.map((problem) => problem.name)).not.toContain("ajv");
  });

  it("that cannot be installed fail with which, which version and the exact command, npm's words as details", async () => {
    // A registry that answers every request with 503: the install fails as it would offline.
    let requests = 0;
    const registry: Server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(503).end("unavailable");
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    const packageRoot = join(scratch, "dist");
    writeGeneratorLock(packageRoot);
    const cacheFolder = join(scratch, "cache", "generator");
    const saved = { ...process.env };
    Object.assign(process.env, {
      npm_config_registry: `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`,
      npm_config_cache: join(scratch, "npm-cache"),
      npm_config_fetch_retries: "0",
    });
    const reported: string[] = [];
    try {
      const failure = await loadGeneratorModule("scripts/generate/generate-client.js", {
        report: (line) => reported.push(line),
        packageRoot,
        cacheFolder,
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(GeneratorPackagesError);
      const { shortMessage, fixCommand, details } = failure as GeneratorPackagesError;
      expect(shortMessage).toContain("ts-morph 27.0.2 (absent)");
      expect(shortMessage).toContain("typescript 5.9.3 (absent)");
      expect(fixCommand).toBe(`npm ci --prefix "${cacheFolder}" --ignore-scripts --no-audit --no-fund`);
      expect(shortMessage).toContain(`Run: ${fixCommand}`);
      expect(details).toMatch(/npm said:/);
      expect(reported[0]).toContain(`installing the generator's packages into ${cacheFolder}`);
      expect(requests).toBeGreaterThan(0);
      // The command in the message works as printed: the folder holds what npm ci reads.
      expect(
        JSON.parse(readFileSync(join(cacheFolder, "package-lock.json"), "utf8")).packages[""].dependencies,
      ).toEqual(GENERATOR_PACKAGES);
    } finally {
      process.env = saved;
      registry.close();
    }
  }, 120_000);
});
