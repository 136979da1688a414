/**
 * `npm run check:examples`: type-checks every `@example` of the TSDoc in `src/` and `generated/`, and
 * every ```ts block of `README.md`, `bench/README.md` and the pages of `docs/`.
 * Each example becomes a module in `.tmp/examples/` that imports what it uses and does not declare:
 * first the exports of its own file, then the names of `example-context.ts` (typed clients and
 * values), then the package's public exports, then the exports of the other files checked (the
 * helpers an internal example calls). Anything else must be a global, or the check fails.
 * Examples of a generated client see the surface's client as its generated operations interface.
 * A Markdown block has no file of its own: it sees the context and the package, as a reader does.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { packageEntries } from "../build/package-entries.js";
import { portalCallExamples } from "../docs/copy-call-examples.js";
import { extractExamples, extractMarkdownExamples, type SourceExample } from "./extract-examples.js";

/** A problem with one example. */
export interface ExampleProblem {
  /** `src/file.ts:12`: the source file and the line of its `@example` tag. */
  where: string;
  message: string;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const CONTEXT = join(root, "scripts/examples/example-context.ts");

/** Every `.ts` file under a folder. */
function typeScriptFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The public entries, from package.json's exports: `chainkit/evm` -> `src/evm.ts`. */
function publicEntries(): Map<string, string> {
  return new Map([...packageEntries(root)].map(([name, source]) => [`chainkit/${name}`, source]));
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config.config, ts.sys, root).options, noEmit: true };
}

/** Names an example declares at its top level, and identifiers it reads. */
function namesOf(code: string): { declared: Set<string>; used: Set<string> } {
  const source = ts.createSourceFile("example.ts", code, ts.ScriptTarget.ES2022, true);
  const declared = new Set<string>();
  const used = new Set<string>();
  const declare = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) declared.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) declare(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement))
      for (const item of statement.declarationList.declarations) declare(item.name);
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      declared.add(statement.name.text);
    }
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) declared.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) declared.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const item of bindings.elements) declared.add(item.name.text);
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isMemberName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertySignature(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node);
      if (!isMemberName) used.add(node.text);
    }
    if (ts.isShorthandPropertyAssignment(node)) used.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { declared, used };
}

/** The export names of each file, read from a program over the sources; `typeOnly` collects those with no value. */
function exportsOf(
  program: ts.Program,
  files: readonly string[],
  typeOnly: Set<string>,
): Map<string, Set<string>> {
  const checker = program.getTypeChecker();
  const result = new Map<string, Set<string>>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    const exported = symbol ? checker.getExportsOfModule(symbol) : [];
    for (const item of exported) {
      const target = item.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(item) : item;
      if (!(target.flags & ts.SymbolFlags.Value)) typeOnly.add(item.name);
    }
    result.set(file, new Set(exported.map((item) => item.name)));
  }
  return result;
}

/** A specifier from the example folder to a source file, as NodeNext wants it (`.js`). */
function specifier(from: string, file: string): string {
  const path = relative(from, file).replace(/\.ts$/, ".js");
  return path.startsWith(".") ? path : `./${path}`;
}

/**
 * A Markdown block's imports of `./src/…` and `./scripts/…` as the module in `folder` reaches them:
 * the docs write them from the repository's root, where a reader runs them.
 */
function fromRepositoryRoot(code: string, folder: string): string {
  const up = relative(folder, root) || ".";
  return code.replace(/(from\s+["'])\.\/((?:src|scripts)\/)/g, `$1${up}/$2`);
}

/** The operations interface a generated client file exports (`PlatformOperations`, `EvmMethods`). */
function clientInterface(exports: Set<string>): string | undefined {
  return [...exports].find((name) => /(Operations|Methods)$/.test(name) && !name.startsWith("create"));
}

/** The Markdown files whose ```ts blocks are checked, relative to the root: the READMEs and every `docs/*.md`. */
export const MARKDOWN_DOCUMENTS: readonly string[] = [
  "README.md",
  "bench/README.md",
  ...(existsSync(join(root, "docs"))
    ? readdirSync(join(root, "docs"))
        .filter((name) => name.endsWith(".md"))
        .sort()
        .map((name) => `docs/${name}`)
    : []),
];

/** Every example to check: the TSDoc ones with the file they belong to, the Markdown blocks with none. */
function collectExamples(
  sourceFiles: readonly string[],
  documents: readonly string[],
  standalone: readonly SourceExample[] = [],
): { example: SourceExample; file?: string }[] {
  return [
    ...standalone.map((example) => ({ example })),
    ...sourceFiles.flatMap((file) =>
      extractExamples(relative(root, file), readFileSync(file, "utf8")).map((example) => ({ example, file })),
    ),
    ...documents.flatMap((document) =>
      extractMarkdownExamples(relative(root, document), readFileSync(document, "utf8")).map((example) => ({
        example,
      })),
    ),
  ];
}

/**
 * Type-checks the examples of the given source files and the ```ts blocks of the given Markdown files.
 *
 * @param sourceFiles - Absolute paths of the files whose examples to check.
 * @param folder - Where to write the example modules (emptied first).
 * @param documents - Absolute paths of Markdown files whose ```ts blocks to check.
 * @param standalone - Whole modules checked as a reader pastes them, such as the portal's copied calls.
 * @returns One problem per diagnostic, empty when every example compiles.
 * @example
 * const problems = checkExamples([join(root, "src/evm.ts")], join(root, ".tmp/examples"), [join(root, "README.md")]);
 */
export function checkExamples(
  sourceFiles: readonly string[],
  folder: string,
  documents: readonly string[] = [],
  standalone: readonly SourceExample[] = [],
): ExampleProblem[] {
  const options = compilerOptions();
  const entries = publicEntries();
  const base = ts.createProgram([...sourceFiles, ...entries.values(), CONTEXT], options);
  const typeOnly = new Set<string>();
  const exports = exportsOf(base, [...sourceFiles, ...entries.values(), CONTEXT], typeOnly);
  const named = (names: readonly string[]) =>
    names.map((name) => (typeOnly.has(name) ? `type ${name}` : name)).join(", ");
  const context = exports.get(CONTEXT) ?? new Set<string>();
  const internal = new Map<string, string>();
  for (const file of sourceFiles) {
    for (const name of exports.get(file) ?? []) if (!internal.has(name)) internal.set(name, file);
  }

  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const written = new Map<string, { example: SourceExample; headerLines: number }>();
  for (const { example, file } of collectExamples(sourceFiles, documents, standalone)) {
    const own = (file && exports.get(file)) || new Set<string>();
    const { declared, used } = namesOf(example.code);
    const lines: string[] = [`// ${example.file}:${example.line}`];
    const fromOwn: string[] = [];
    const fromContext: string[] = [];
    const fromEntries = new Map<string, string[]>();
    const generatedClient = /^generated\/[^/]+\/client\.ts$/.test(example.file)
      ? clientInterface(own)
      : undefined;
    const surface = example.file.split("/")[1];
    for (const name of [...used].sort()) {
      if (declared.has(name)) continue;
      if (file && generatedClient && name === surface) {
        lines.push(`declare const ${name}: import("${specifier(folder, file)}").${generatedClient};`);
      } else if (own.has(name)) fromOwn.push(name);
      else if (context.has(name)) fromContext.push(name);
      else {
        const entry = [...entries].find(([, path]) => exports.get(path)?.has(name))?.[0];
        const helper = internal.get(name);
        if (entry) fromEntries.set(entry, [...(fromEntries.get(entry) ?? []), name]);
        else if (helper && file)
          fromEntries.set(specifier(folder, helper), [
            ...(fromEntries.get(specifier(folder, helper)) ?? []),
            name,
          ]);
      }
    }
    if (file && fromOwn.length > 0)
      lines.push(`import { ${named(fromOwn)} } from "${specifier(folder, file)}";`);
    if (fromContext.length > 0)
      lines.push(`import { ${named(fromContext)} } from "${specifier(folder, CONTEXT)}";`);
    for (const [entry, names] of fromEntries) lines.push(`import { ${named(names)} } from "${entry}";`);
    lines.push("export {};");
    const path = join(folder, `example-${written.size + 1}.ts`);
    writeFileSync(
      path,
      `${lines.join("\n")}\n${file ? example.code : fromRepositoryRoot(example.code, folder)}\n`,
    );
    written.set(path, { example, headerLines: lines.length });
  }

  const program = ts.createProgram([...written.keys()], options, undefined, base);
  const problems: ExampleProblem[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName;
    const origin = file ? written.get(resolve(file)) : undefined;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (!origin || diagnostic.start === undefined) {
      problems.push({ where: file ? relative(root, file) : "(program)", message });
      continue;
    }
    const { line } = ts.getLineAndCharacterOfPosition(diagnostic.file as ts.SourceFile, diagnostic.start);
    const exampleLine = line + 1 - origin.headerLines;
    problems.push({
      where: `${origin.example.file}:${origin.example.line}`,
      message: `example line ${exampleLine}: ${message}`,
    });
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Generated clients carry code examples; generated types carry JSON values of the spec under @example.
  const files = [
    ...typeScriptFiles("src"),
    ...typeScriptFiles("generated").filter((file) => file.endsWith("/client.ts")),
  ];
  const documents = MARKDOWN_DOCUMENTS.map((document) => join(root, document)).filter((path) =>
    existsSync(path),
  );
  // The chainkit calls the portal offers to copy are whole modules, checked as a reader pastes them.
  const calls = portalCallExamples(root);
  const problems = checkExamples(files, join(root, ".tmp/examples"), documents, calls);
  for (const problem of problems) console.error(`${problem.where}: ${problem.message}`);
  const count = collectExamples(files, documents, calls).length;
  if (problems.length > 0) {
    console.error(`check:examples: ${problems.length} problems in the examples`);
    process.exitCode = 1;
  } else {
    console.log(
      `check:examples: all ${count} examples compile (TSDoc of src/ and generated/, the portal's ${calls.length} copied calls, ts blocks of ${documents.map((path) => relative(root, path)).join(", ")})`,
    );
  }
}
