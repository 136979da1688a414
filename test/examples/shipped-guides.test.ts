/**
 * The guides ship in the package and run from it (`npx tsx node_modules/chainkit/examples/<guide>.ts`):
 * `examples/` is in package.json `files`, and every import of a guide or its support files is either
 * one of those files or a package a reader installs (chainkit itself, or one of its peers), never the
 * repository's sources. Each guide's first line names what it needs besides chainkit, and that is
 * exactly the packages it reaches. `npm run check:package` (or `npm run check:guides` alone) runs each
 * shipped copy in a project holding only chainkit and those packages.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { guideNeedsOf } from "../../scripts/examples/guide-needs.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  files: string[];
  peerDependencies: Record<string, string>;
};
const files = readdirSync(join(root, "examples"), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
  .map((entry) => join(entry.parentPath, entry.name));

/** Every module specifier a file imports, statically or with `import()`. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) found.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The packages a file reaches besides chainkit and Node, through the relative files it imports too. */
function packagesReached(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  for (const specifier of importsOf(file)) {
    if (specifier.startsWith(".")) {
      const target = resolve(dirname(file), specifier).replace(/\.js$/, ".ts");
      for (const name of packagesReached(target, seen)) found.add(name);
    } else if (!specifier.startsWith("node:") && packageOf(specifier) !== manifest.name) {
      found.add(packageOf(specifier));
    }
  }
  return found;
}

/** The package a bare specifier names: `viem/accounts` → `viem`, `@grpc/grpc-js` → itself. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

describe("the guides in the package", () => {
  it("are in package.json files", () => {
    expect(manifest.files).toContain("examples");
  });

  it.each(files.map((file) => [relative(root, file), file]))(
    "%s imports only the guides' own files, chainkit and its peers",
    (_name, file) => {
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith(".")) {
          const target = resolve(dirname(file), specifier);
          expect(relative(join(root, "examples"), target), `${specifier} leaves examples/`).not.toMatch(
            /^\.\./,
          );
        } else if (!specifier.startsWith("node:")) {
          const allowed = [manifest.name, ...Object.keys(manifest.peerDependencies)];
          expect(allowed, `${specifier} is not chainkit or one of its peers`).toContain(packageOf(specifier));
        }
      }
    },
  );

  const guides = files.filter((file) => dirname(file) === join(root, "examples"));
  it.each(guides.map((file) => [relative(root, file), file]))(
    "%s names on its first line exactly the packages it needs besides chainkit",
    (_name, file) => {
      expect(guideNeedsOf(file).sort()).toEqual([...packagesReached(file)].sort());
    },
  );
});
