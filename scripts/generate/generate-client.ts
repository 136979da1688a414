import { basename, join, relative, resolve } from "node:path";
import { generateSurface, type SurfaceFiles } from "./generate-surface.js";
import { generatedHeader, generatedNote } from "./header.js";
import { isObject, type Json } from "./json.js";
import { enclosingPackage, MODULE_SCOPE_FILE } from "./module-scope.js";
import { pascalCase } from "./names.js";
import { syncFolder } from "./output.js";
import { specKindOf } from "./read-spec.js";
import { regenerateCommand } from "./regenerate-command.js";
import type { PatternPolicy } from "./slow-patterns.js";
import { sourceLiteral } from "./source-text.js";
import { type SpecLimits, specLimits } from "./spec-limits.js";

export { referencedFiles } from "./referenced-files.js";
export { describeSpecError } from "./source-position.js";

/**
 * Options of {@link generateClient}. `allowSlowPatterns`: patterns, as the spec writes them, that may
 * backtrack super-linearly all the same (default: none; such a pattern is refused, naming where).
 */
export interface GenerateClientOptions extends PatternPolicy {
  /** The spec (YAML or JSON; a multi-file OpenAPI spec's root file). */
  spec: string;
  /**
   * The folder to write into: new, empty, or written by an earlier run. Only files an earlier run
   * wrote there (its `.chainkit-generated.json` lists them) are ever replaced or removed; a folder
   * holding other files and no such list is refused.
   */
  out: string;
  /** The client's name, e.g. `petstore` (default: the spec file's name up to its first dot, camel-cased). */
  name?: string;
  /** The module generated files import the runtime from (default `chainkit/runtime`). */
  runtime?: string;
  /**
   * One validators module for all operations (`true`), or packs of a bounded size, each holding
   * several operations' validators and loaded on the first call of one of them (default: a first
   * call that does not grow with the number of operations).
   */
  sharedValidators?: boolean;
  /** Where notes go (operations left out, identifiers made up); default: none. */
  note?: (line: string) => void;
  /**
   * Whether an output folder in a project that is not ES modules gets a `package.json` saying
   * `"type": "module"`, with a note (default `true`); `false` for a scratch folder of the caller's
   * own, as the mock's, which no project encloses.
   */
  moduleScope?: boolean;
  /**
   * Folders besides the spec's own (and their subfolders) whose files its `$ref`s may name
   * (default: none; a `$ref` anywhere else is refused before it is read).
   */
  allowRefRoots?: readonly string[];
  /** Origins (`https://schemas.example.com`) whose URLs its `$ref`s may name (default: none is fetched). */
  allowRefUrls?: readonly string[];
  /**
   * How deep the spec may nest, how many YAML aliases it may expand, how many megabytes it may
   * take expanded, and how deep it may nest with its `$ref`s followed (default 64 levels, 1,000
   * aliases, 16 MB, 128 levels): past them it is refused, naming where.
   */
  limits?: Partial<SpecLimits>;
}

/** What {@link generateClient} wrote. */
export interface GeneratedClient {
  /** Every file, relative to `out`. */
  files: string[];
  /** The factory function's name, e.g. `createPetstoreClient`. */
  factory: string;
  /** The spec's first server URL with its variables' defaults, when it has one. */
  defaultBaseUrl?: string;
}

/**
 * `chainkit generate`: types, validators and a typed client for any OpenAPI 3.0/3.1 or OpenRPC 1.x
 * spec, on chainkit's runtime (credentials, retries, validation, lossless integers, redaction).
 * Unlike chainkit's own surfaces it reads specs as published: missing operationIds are made up,
 * unknown keywords ignored, and `spec.json` keeps its `$ref`s.
 *
 * @throws {SpecError} When the spec is invalid; the message names the file, the JSON pointer and the fix.
 * @throws {OutputFolderError} When `out` holds files the generator did not write.
 * @example
 * const { factory } = await generateClient({ spec: "petstore.yaml", out: "src/petstore" });
 */
export async function generateClient(options: GenerateClientOptions): Promise<GeneratedClient> {
  const limits = specLimits(options.limits);
  const kind = await specKindOf(options.spec, limits);
  const name = clientName(options.name ?? basename(options.spec).split(".")[0] ?? "api");
  const surface = { name, specFile: options.spec, kind };
  const madeBy = generatedNote(relative(process.cwd(), resolve(options.spec)), regenerateCommand(options));
  const files = await generateSurface(surface, options.spec, {
    generatedNote: madeBy,
    strict: false,
    keepRefs: true,
    sharedValidators: options.sharedValidators ?? false,
    limits,
    refPolicy: { allowRefRoots: options.allowRefRoots ?? [], allowRefUrls: options.allowRefUrls ?? [] },
    ...(options.allowSlowPatterns && { allowSlowPatterns: options.allowSlowPatterns }),
    ...(options.note && { note: options.note }),
  });
  const runtime = options.runtime ?? "chainkit/runtime";
  // Read from the document the generator read (a Swagger 2.0 spec's `host` and `basePath` are servers there).
  const base = kind === "openapi" ? defaultBaseUrl(JSON.parse(files.get("spec.json") ?? "{}")) : undefined;
  const pascal = pascalCase(name);
  const withRuntime = pointAtRuntime(files, runtime);
  // Our own descriptor text: an operation that streams its answer is written with `{ stream: "…" }` (`rest-operations-file.ts`).
  const streams = /[{,] stream: "/.test(withRuntime.get("operations.ts") ?? "");
  withRuntime.set(
    "create-client.ts",
    `${generatedHeader(madeBy)}\n\n${factoryFile(kind, name, pascal, runtime, base, streams)}`,
  );
  withRuntime.set("index.ts", `${withRuntime.get("index.ts") ?? ""}export * from "./create-client.js";\n`);
  // The client is ES modules (its validators load by import()): in a CommonJS project (npm init's
  // default, "type": "commonjs") the folder gets a package.json of its own that says so.
  const project = options.moduleScope === false ? undefined : enclosingPackage(options.out);
  if (options.moduleScope !== false && !project?.isModule) {
    withRuntime.set("package.json", MODULE_SCOPE_FILE);
    options.note?.(
      `${project ? `${relative(process.cwd(), project.path)} does not say "type": "module"` : "no package.json encloses the output"}: ${join(options.out, "package.json")} marks the generated files as ES modules`,
    );
  }
  await syncFolder(resolve(options.out), withRuntime, false);
  return {
    files: [...withRuntime.keys()].sort(),
    factory: `create${pascal}Client`,
    ...(base !== undefined && { defaultBaseUrl: base }),
  };
}

/** A camelCase identifier for the client: `digitalocean`, `paramsByNamePetstore`. */
export function clientName(raw: string): string {
  const pascal = pascalCase(raw) || "Api";
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** The generated files with their imports of chainkit's sources turned into imports of `runtime`. */
function pointAtRuntime(files: SurfaceFiles, runtime: string): SurfaceFiles {
  const rewritten: SurfaceFiles = new Map();
  for (const [path, content] of files) {
    rewritten.set(
      path,
      content.replace(
        /"(?:\.\.\/)+src\/runtime\/(?:operation|credentials\/secret)\.js"/g,
        sourceLiteral(runtime),
      ),
    );
  }
  return rewritten;
}

/** The first `servers` URL with each `{variable}` replaced by its default. */
function defaultBaseUrl(doc: Json): string | undefined {
  const [server] = isObject(doc) && Array.isArray(doc.servers) ? doc.servers : [];
  if (!isObject(server) || typeof server.url !== "string") return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (match, variable: string) => {
    const entry = variables[variable];
    return isObject(entry) && typeof entry.default === "string" ? entry.default : match;
  });
}

/** `create-client.ts`: a factory joining the generated functions to the runtime's caller. */
function factoryFile(
  kind: "openapi" | "openrpc",
  name: string,
  pascal: string,
  runtime: string,
  base: string | undefined,
  streams: boolean,
): string {
  if (kind === "openrpc") {
    return `import { createJsonRpcClient, type JsonRpcClientOptions } from ${sourceLiteral(runtime)};
import { create${pascal}Methods, type ${pascal}Methods } from "./client.js";

/**
 * The ${name} client: one typed function per method, on chainkit's JSON-RPC client (batching,
 * retries of idempotent methods, params checked before sending, results validated).
 */
export function create${pascal}Client(options: JsonRpcClientOptions): ${pascal}Methods {
  return create${pascal}Methods(createJsonRpcClient(options));
}
`;
  }
  const defaultLine =
    base === undefined
      ? ""
      : `\n/** The spec's first server, with its variables' defaults. */\nexport const ${name}DefaultBaseUrl = ${sourceLiteral(base)};\n`;
  const baseOption =
    base === undefined ? "options" : `{ ...options, baseUrl: options.baseUrl ?? ${name}DefaultBaseUrl }`;
  const optionsType =
    base === undefined ? "RestCallerOptions" : `Omit<RestCallerOptions, "baseUrl"> & { baseUrl?: string }`;
  // A spec with streamed answers (OpenAPI 3.2 `itemSchema`) gets the caller that also reads streams.
  const caller = streams ? "createStreamingRestCaller" : "createRestCaller";
  const streamNote = streams ? "; streamed answers arrive as async iterables of checked items" : "";
  return `import { ${caller}, type RestCallerOptions } from ${sourceLiteral(runtime)};
import { create${pascal}Operations, type ${pascal}Operations } from "./client.js";
${defaultLine}
/**
 * The ${name} client: one typed function per operation, on chainkit's REST caller (credentials,
 * retries of idempotent operations, requests checked before sending, answers validated${streamNote}).
 */
export function create${pascal}Client(options: ${optionsType}): ${pascal}Operations {
  return create${pascal}Operations(${caller}(${baseOption}));
}
`;
}
