/**
 * Reads the hand-written API of each package entry from its TSDoc, for the portal's helpers
 * reference: each export followed to its declaration in `src/` (`helpers-exports.ts`, which parses
 * only the files the exports lead to). What the generator wrote (`generated/`) is left out: the
 * spec reference pages document it.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { type ExportResolver, exportResolver } from "./helpers-exports.js";

/** One documented declaration: an export, or a member of an exported interface or class. */
export interface HelperDoc {
  /** How readers call it: `erc20()`, `evm.logs()`, `ProofError`, `wallet.stake.freeze()`. */
  name: string;
  kind: "function" | "const" | "class" | "interface" | "type" | "method" | "property";
  /** The declaration's text without its body, e.g. `erc20(client: EvmClient, address: Address): Erc20Contract`. */
  signature: string;
  /** The TSDoc's description (Markdown). */
  summary: string;
  params: { name: string; text: string }[];
  returns?: string;
  throws: string[];
  examples: string[];
  /** The file it is declared in, relative to the repository root. */
  source: string;
  /** An interface's or class's own documented members (a client's helper methods, an error's fields). */
  members: HelperDoc[];
}

/** One package entry's hand-written exports. */
export interface EntryDocs {
  /** `evm` for `chainkit/evm`. */
  id: string;
  entry: string;
  /** Exports declared in this entry's own folder (or nowhere else). */
  own: HelperDoc[];
  /** Exports documented under another entry (the runtime's errors re-exported by a surface), by name and that entry's id. */
  shared: { name: string; home: string }[];
}

/**
 * Reads every entry of `package.json`'s `exports`.
 *
 * @param root - Repository root.
 * @returns The entries in `exports` order.
 * @example readEntryDocs(process.cwd()).find((entry) => entry.id === "evm")?.own.length
 */
export function readEntryDocs(root: string): EntryDocs[] {
  const entries = packageEntries(root);
  const exports = exportResolver();
  const named = new Map(entries.map((entry) => [entry.id, new Set(exports.exportNames(entry.file))]));
  // Documented once: under the entry of the folder it is declared in when that entry exports it
  // (`src/evm/…` under `chainkit/evm`), else under the first entry that does.
  const home = (path: string, name: string) => {
    const folder = homeEntry(path, entries);
    if (folder !== undefined && named.get(folder)?.has(name)) return folder;
    return entries.find((entry) => named.get(entry.id)?.has(name))?.id;
  };
  return entries.map(({ id, entry, file }) => {
    const own: HelperDoc[] = [];
    const shared: EntryDocs["shared"] = [];
    for (const name of named.get(id) ?? []) {
      const declaration = exports.declarationOf(file, name);
      if (!declaration) continue;
      const path = relative(root, declaration.getSourceFile().fileName);
      const at = home(path, name) ?? id;
      if (at !== id) {
        shared.push({ name, home: at });
        continue;
      }
      own.push(describe(exports, root, name, declaration));
    }
    own.sort((a, b) => a.name.localeCompare(b.name));
    return { id, entry, own, shared };
  });
}

interface PackageEntry {
  id: string;
  entry: string;
  file: string;
}

function packageEntries(root: string): PackageEntry[] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, { types?: string } | string>;
  };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    if (typeof target === "string" || target.types === undefined) return [];
    const file = join(root, target.types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts"));
    const id = subpath.slice(2);
    return [{ id, entry: `chainkit/${id}`, file }];
  });
}

/** The entry that documents a declaration: the one whose folder holds it (`src/evm/…` → `evm`). */
function homeEntry(path: string, entries: readonly PackageEntry[]): string | undefined {
  const folder = path.split("/")[1] ?? "";
  if (folder === "toolkit" && path.startsWith("src/toolkit/mock/")) return "mock";
  return entries.find((entry) => entry.id === folder.replace(/\.ts$/, ""))?.id;
}

function describe(exports: ExportResolver, root: string, name: string, node: ts.Declaration): HelperDoc {
  const kind = kindOf(node);
  const doc = tsDoc(node);
  const shown = kind === "function" ? `${name}()` : name;
  const members =
    ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)
      ? membersOf(exports, root, node, variableFor(name), 0)
      : [];
  return {
    name: shown,
    kind,
    signature: signatureOf(node, name),
    ...doc,
    source: relative(root, node.getSourceFile().fileName),
    members,
  };
}

function kindOf(node: ts.Declaration): HelperDoc["kind"] {
  if (ts.isFunctionDeclaration(node)) return "function";
  if (ts.isClassDeclaration(node)) return "class";
  if (ts.isInterfaceDeclaration(node)) return "interface";
  if (ts.isTypeAliasDeclaration(node)) return "type";
  if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer))
    return "function";
  return "const";
}

/** How examples name a value of an interface: `EvmClient` → `evm`, `StakeWrites` → `stakeWrites`. */
function variableFor(typeName: string): string {
  const base =
    typeName.endsWith("Client") && typeName !== "Client" ? typeName.slice(0, -"Client".length) : typeName;
  return base.charAt(0).toLowerCase() + base.slice(1);
}

/**
 * The documented members of an interface or class (its own, not what it extends from generated
 * code), and one level into a member whose type is a hand-written interface (`wallet.stake.*`).
 */
function membersOf(
  exports: ExportResolver,
  root: string,
  node: ts.InterfaceDeclaration | ts.ClassDeclaration,
  owner: string,
  depth: number,
): HelperDoc[] {
  const members: HelperDoc[] = [];
  for (const member of node.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>) {
    if (!member.name || !ts.isIdentifier(member.name)) continue;
    if (ts.isClassElement(member) && !isPublic(member)) continue;
    const name = member.name.text;
    const callable = ts.isMethodSignature(member) || ts.isMethodDeclaration(member);
    const doc = tsDoc(member);
    if (!callable && !ts.isPropertySignature(member) && !ts.isPropertyDeclaration(member)) continue;
    const nested = depth === 0 ? nestedInterface(exports, member) : undefined;
    members.push({
      name: `${owner}.${name}${callable ? "()" : ""}`,
      kind: callable ? "method" : "property",
      signature: signatureOf(member, name),
      ...doc,
      source: relative(root, member.getSourceFile().fileName),
      members: nested ? membersOf(exports, root, nested, `${owner}.${name}`, depth + 1) : [],
    });
  }
  return members;
}

function isPublic(member: ts.ClassElement): boolean {
  const flags = ts.getCombinedModifierFlags(member as ts.Declaration);
  return (
    !(flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) &&
    !member.name?.getText().startsWith("#")
  );
}

/** A property typed by a hand-written interface, such as `readonly stake: StakeWrites`. */
function nestedInterface(
  exports: ExportResolver,
  member: ts.ClassElement | ts.TypeElement,
): ts.InterfaceDeclaration | undefined {
  if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type))
    return undefined;
  if (!ts.isIdentifier(member.type.typeName)) return undefined;
  const declaration = exports.declarationOf(member.getSourceFile().fileName, member.type.typeName.text);
  return declaration && ts.isInterfaceDeclaration(declaration) ? declaration : undefined;
}

/** The declaration's source without its body or doc comment, on as few lines as it was written. */
function signatureOf(node: ts.Node, name: string): string {
  if (ts.isClassDeclaration(node)) {
    const heritage = node.heritageClauses?.map((clause) => clause.getText()).join(" ");
    return `class ${name}${heritage ? ` ${heritage}` : ""}`;
  }
  if (ts.isInterfaceDeclaration(node)) {
    const heritage = node.heritageClauses?.map((clause) => clause.getText()).join(" ");
    return `interface ${name}${node.typeParameters ? `<${node.typeParameters.map((p) => p.getText()).join(", ")}>` : ""}${heritage ? ` ${heritage}` : ""}`;
  }
  const text = node.getText();
  if (ts.isFunctionDeclaration(node) && node.body) {
    return text
      .slice(0, node.body.getStart() - node.getStart())
      .replace(/^export\s+(async\s+)?function\s*/, "")
      .trim();
  }
  if (ts.isVariableDeclaration(node)) {
    const type = node.type?.getText();
    if (node.initializer && ts.isArrowFunction(node.initializer)) {
      const arrow = node.initializer;
      const params = arrow.parameters.map((param) => param.getText()).join(", ");
      return `${name}(${params})${arrow.type ? `: ${arrow.type.getText()}` : ""}`;
    }
    return `const ${name}${type ? `: ${type}` : ""}`;
  }
  if (ts.isMethodDeclaration(node) && node.body)
    return text.slice(0, node.body.getStart() - node.getStart()).trim();
  return text.replace(/;$/, "");
}

/** The parts of a TSDoc comment the pages show. */
type TsDocParts = Pick<HelperDoc, "summary" | "params" | "returns" | "throws" | "examples">;

/** Reads the `/** … *\/` comment just before a declaration (its statement's, for a variable). */
function tsDoc(node: ts.Node): TsDocParts {
  const holder = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  const text = holder.getSourceFile().getFullText();
  const ranges = ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [];
  const last = ranges.filter((range) => text.startsWith("/**", range.pos)).at(-1);
  const parts: TsDocParts = { summary: "", params: [], throws: [], examples: [] };
  if (!last) return parts;
  const lines = text
    .slice(last.pos + 3, last.end - 2)
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""));
  let current: string[] = [];
  let tag = "summary";
  const flush = () => {
    const body = current.join("\n").trim();
    current = [];
    if (tag === "summary") parts.summary = linksAsCode(body);
    else if (tag === "param") {
      const match = /^(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec(body);
      if (match) parts.params.push({ name: match[1] ?? "", text: linksAsCode(match[2] ?? "") });
    } else if (tag === "returns") parts.returns = linksAsCode(body);
    else if (tag === "throws") parts.throws.push(linksAsCode(body));
    else if (tag === "example") parts.examples.push(body.replace(/^```\w*\n?|\n?```$/g, "").trim());
  };
  for (const line of lines) {
    const opened = /^@(\w+)\s?(.*)$/.exec(line);
    if (opened) {
      flush();
      tag = opened[1] ?? "";
      current.push(opened[2] ?? "");
    } else current.push(line);
  }
  flush();
  return parts;
}

/** `{@link erc20Of}` and `{@link Foo | text}` as code spans. */
function linksAsCode(text: string): string {
  return text.replace(
    /\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|\s*([^}]+))?\}/g,
    (_, target: string, label?: string) => (label ? label.trim() : `\`${target}\``),
  );
}
