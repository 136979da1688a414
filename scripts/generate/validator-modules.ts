import { ADD_ALTERNATIVES, ADD_ALTERNATIVES_SOURCE, groupAlternativeIssues } from "./alternative-issues.js";
import { CODE_POINT_LENGTH, CODE_POINT_LENGTH_SOURCE, withOwnCodePointLength } from "./code-point-length.js";
import {
  ADD_ISSUE,
  ADD_ISSUE_SOURCE,
  ADD_ISSUES,
  ADD_ISSUES_SOURCE,
  compactErrorPushes,
  ISSUE_AT,
  ISSUE_AT_SOURCE,
} from "./compact-errors.js";
import { OWN_FORMATS, withOwnFormats } from "./format-checks.js";
import { HEX_PATTERN_ENGINE, HEX_PATTERN_SOURCE } from "./hex-patterns.js";
import { mergedIdenticalFunctions } from "./identical-functions.js";
import { DECIMAL_OUTSIDE, DECIMAL_OUTSIDE_SOURCE } from "./integer-formats.js";
import { prunedSchemaConstants } from "./pruned-schema-constants.js";
import {
  ADD_ISSUES_AT,
  ADD_ISSUES_AT_SOURCE,
  AT_ROOT,
  AT_ROOT_SOURCE,
  pathsOnFailure,
} from "./relative-issue-paths.js";
import { sourceLiteral } from "./source-text.js";
import type { DataExport, ExportMap, ValidatorGroup } from "./validators.js";
import { withoutCallContext } from "./without-call-context.js";

/** Name of the helper that reads a CommonJS module's exports from an ESM namespace. */
const COMMON_JS_EXPORTS = "commonJsExports";

/**
 * Both ajv helper packages are CommonJS: Node hands an ESM importer `module.exports` as the
 * default export, while bundlers that honour `__esModule` hand it `exports.default`; this accepts
 * either.
 */
const COMMON_JS_EXPORTS_SOURCE = `/** The exports of a CommonJS module, as Node or a bundler hands them to an ES module. */
function ${COMMON_JS_EXPORTS}(namespace) {
  const fallback = namespace.default;
  return fallback !== undefined && fallback !== null && fallback.__esModule ? fallback : namespace;
}`;

/**
 * Every helper a module may need: its name, its source, how to tell that the module calls it, and
 * the helpers its own source calls (written into the helpers module with it).
 */
const HELPERS: readonly {
  name: string;
  source: string;
  usedBy: (code: string) => boolean;
  needs?: readonly string[];
}[] = [
  { name: ADD_ISSUE, source: ADD_ISSUE_SOURCE, usedBy: (code) => code.includes(`${ADD_ISSUE}(`) },
  { name: ADD_ISSUES, source: ADD_ISSUES_SOURCE, usedBy: (code) => code.includes(`${ADD_ISSUES}(`) },
  { name: ADD_ISSUES_AT, source: ADD_ISSUES_AT_SOURCE, usedBy: (code) => code.includes(`${ADD_ISSUES_AT}(`) },
  { name: AT_ROOT, source: AT_ROOT_SOURCE, usedBy: (code) => code.includes(`=${AT_ROOT}){`) },
  {
    name: ISSUE_AT,
    source: ISSUE_AT_SOURCE,
    usedBy: (code) => code.includes(`${ISSUE_AT}(`),
    needs: [ADD_ISSUE],
  },
  {
    name: ADD_ALTERNATIVES,
    source: ADD_ALTERNATIVES_SOURCE,
    usedBy: (code) => code.includes(`${ADD_ALTERNATIVES}(`),
    needs: [ADD_ISSUE],
  },
  // ajv binds the engine by name (`const func0 = hexAwarePattern;`), moved above its first use by engineBoundFirst.
  {
    name: HEX_PATTERN_ENGINE,
    source: HEX_PATTERN_SOURCE,
    usedBy: (code) => code.includes(`= ${HEX_PATTERN_ENGINE};`),
  },
  // ajv binds the wide integers' range check by name (`const func1 = decimalOutside;`).
  {
    name: DECIMAL_OUTSIDE,
    source: DECIMAL_OUTSIDE_SOURCE,
    usedBy: (code) => code.includes(`= ${DECIMAL_OUTSIDE};`),
  },
  // ajv binds its string length counter by name, pointed here by withOwnCodePointLength.
  {
    name: CODE_POINT_LENGTH,
    source: CODE_POINT_LENGTH_SOURCE,
    usedBy: (code) => code.includes(`= ${CODE_POINT_LENGTH};`),
  },
  // ajv binds a format by name (`const formats0 = int64Format;`), pointed here by withOwnFormats.
  ...OWN_FORMATS.map((own) => ({
    name: own.helper,
    source: own.source,
    usedBy: (code: string) => code.includes(`= ${own.helper};`),
  })),
  {
    name: COMMON_JS_EXPORTS,
    source: COMMON_JS_EXPORTS_SOURCE,
    usedBy: (code) => code.includes(`${COMMON_JS_EXPORTS}(`),
  },
];

/** The chunk that holds the helpers every module of a surface imports (no component is named so: see `validator-chunks.ts`). */
export const HELPERS_CHUNK = "helpers";

/**
 * The helpers module of a surface (`validators/components/helpers.js`): the helpers its modules
 * use, written once.
 *
 * @param used - The helpers' names, as the modules reported them; the helpers they call come too.
 * @returns The module, or `undefined` when no module uses a helper.
 */
export function helpersModule(used: ReadonlySet<string>): string | undefined {
  const needed = new Set(used);
  for (const helper of HELPERS)
    if (used.has(helper.name)) for (const name of helper.needs ?? []) needed.add(name);
  const helpers = HELPERS.filter((helper) => needed.has(helper.name));
  if (helpers.length === 0) return undefined;
  const names = helpers.map((helper) => helper.name);
  return `${helpers.map((helper) => helper.source).join("\n\n")}\n\nexport { ${names.join(", ")} };\n`;
}

/**
 * Turns ajv standalone code for one group into its module: error pushes compacted, alternatives
 * kept apart, map members gathered (`export const responses = { "200": { validate: validate12 } }`),
 * ajv's `require(...)` calls made ESM imports, and its plain data exports written after the
 * validators. The helpers it calls (the error recorder, the hex pattern engine) are named in
 * `helpers`, for {@link withChunkImports} to import from the surface's {@link helpersModule}: one
 * copy per surface, as the chunks it imports need them too. A function that repeats another of the
 * module is written once (`identical-functions.ts`); `merged` names each one left out.
 *
 * @param code - ajv standalone output (ESM, `code.lines`) for the group's exports; empty for none.
 * @param group - The group, for its maps and data.
 * @returns The module, its declarations, the helpers it calls, and each function merged into another.
 */
export function validatorModule(
  code: string,
  group: ValidatorGroup,
): { js: string; dts: string; helpers: string[]; merged: ReadonlyMap<string, string> } {
  const maps = group.maps ?? [];
  const gatheredNames = new Set(maps.flatMap((map) => map.members.map((member) => member.validator)));
  // The exports a map gathers leave the module's own exports, in one pass over the code.
  const functionOf = new Map<string, string>();
  const { code: merged, merged: mergedInto } = mergedIdenticalFunctions(
    groupAlternativeIssues(
      pathsOnFailure(
        compactErrorPushes(withoutCallContext(prunedSchemaConstants(code.replace(/^"use strict";\s*/, "")))),
      ),
    ),
  );
  const body = merged.replace(
    /^export const ([\w$]+) = (validate\d+);\n/gm,
    (line, name: string, validate: string) => {
      if (!gatheredNames.has(name)) return line;
      functionOf.set(name, validate);
      return "";
    },
  );
  const gathered = maps.map((map) => {
    const members = map.members.map((member) => {
      const fields = [
        ...Object.entries(member.data ?? {}).map(([name, value]) => `${name}: ${sourceLiteral(value)}`),
        ...Object.entries(member.code ?? {}).map(([name, code]) => `${name}: ${code}`),
      ];
      if (member.validator !== undefined) {
        const validate = functionOf.get(member.validator);
        if (validate === undefined)
          throw new Error(`${group.name}: ajv emitted no export ${member.validator}`);
        fields.unshift(`validate: ${validate}`);
      }
      return `  ${sourceLiteral(member.key)}: ${fields.length > 0 ? `{ ${fields.join(", ")} }` : "{}"},`;
    });
    return `export const ${map.exportName} = {\n${members.join("\n")}\n};`;
  });
  const data = (group.data ?? []).map(
    (item) => `export const ${item.exportName} = ${item.code ?? sourceLiteral(item.value)};`,
  );
  const { imports, code: esm } = moduleImports(
    engineBoundFirst(withOwnCodePointLength(withOwnFormats(body))),
  );
  const helpers = HELPERS.filter((helper) => helper.usedBy(esm)).map((helper) => helper.name);
  const parts = [
    [...(group.imports ?? []), ...imports].join("\n"),
    esm.trim(),
    [...gathered, ...data].join("\n"),
  ];
  const own = group.entries.map((entry) => entry.exportName).filter((name) => !gatheredNames.has(name));
  return {
    js: `${parts.filter((part) => part !== "").join("\n\n")}\n`,
    dts: declarations(own, maps, group.data ?? []),
    helpers,
    merged: mergedInto,
  };
}

/**
 * A chunk's module (`validators/components/<name>.js`): its functions, post-processed like an
 * operation's module, exported by their own names (its imports are added by {@link withChunkImports}).
 *
 * @param code - The chunk's code from `moduleCode`.
 * @param functions - The functions it exports.
 */
export function chunkModule(code: string, functions: readonly string[]): { js: string; helpers: string[] } {
  const { js, helpers, merged } = validatorModule(code, { name: "", entries: [] });
  // A function merged into another of the chunk is still imported by its own name.
  const exported = functions.map((fn) => {
    const kept = merged.get(fn);
    return kept === undefined ? fn : `${kept} as ${fn}`;
  });
  return { js: `${js}\nexport { ${exported.join(", ")} };\n`, helpers };
}

/**
 * A module with imports put first: of the chunk functions it calls, and of the helpers it calls.
 *
 * @param js - The module.
 * @param imports - Per chunk, the functions it calls from it.
 * @param helpers - The helpers it calls.
 * @param folder - The chunks' folder as seen from the module (`./components/` or `./`).
 */
export function withChunkImports(
  js: string,
  imports: ReadonlyMap<string, ReadonlySet<string>>,
  helpers: readonly string[],
  folder: string,
): string {
  const all = new Map(imports);
  if (helpers.length > 0) all.set(HELPERS_CHUNK, new Set(helpers));
  const lines = [...all]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([chunk, names]) => `import { ${[...names].sort().join(", ")} } from "${folder}${chunk}.js";`);
  return lines.length === 0 ? js : `${lines.join("\n")}\n${js}`;
}

/**
 * The pattern engine's binding (`const func0 = hexAwarePattern;`) moved to the top: ajv writes its
 * constants grouped by kind in the order each kind first appeared, so a pattern made before any
 * other function was bound would call the engine before its binding exists.
 */
function engineBoundFirst(code: string): string {
  const binding = new RegExp(`^const [\\w$]+ = ${HEX_PATTERN_ENGINE};\\n`, "m");
  const found = binding.exec(code);
  return found === null ? code : `${found[0]}${code.replace(binding, "")}`;
}

/** ajv's `require("x")` calls as ESM namespace imports, read through `commonJsExports`. */
function moduleImports(code: string): { imports: string[]; code: string } {
  const specifiers: string[] = [];
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    if (!specifiers.includes(specifier)) specifiers.push(specifier);
    return `cjs${specifiers.indexOf(specifier)}`;
  });
  if (specifiers.length === 0) return { imports: [], code: body };
  const imports = specifiers.map(
    (specifier, index) => `import * as module${index} from ${sourceLiteral(`${specifier}.js`)};`,
  );
  const bindings = specifiers.map(
    (_specifier, index) => `const cjs${index} = ${COMMON_JS_EXPORTS}(module${index});`,
  );
  return { imports, code: `${bindings.join("\n")}\n\n${body}` };
}

/** Declarations of a module: its own validators, its maps and its data, typed by `src/runtime/operation.ts`. */
function declarations(
  validators: readonly string[],
  maps: readonly ExportMap[],
  data: readonly DataExport[],
): string {
  const used = [...maps.map((map) => map.memberType), ...data.map((item) => item.type)];
  const types = [...new Set([...(validators.length > 0 ? ["Validator"] : []), ...used])].sort();
  const lines = [
    `import type { ${types.join(", ")} } from "../../../src/runtime/operation.js";`,
    "",
    ...validators.map((name) => `export declare const ${name}: Validator;`),
    ...maps.map(
      (map) => `export declare const ${map.exportName}: Readonly<Record<string, ${map.memberType}>>;`,
    ),
    ...data.map((item) => `export declare const ${item.exportName}: ${item.type};`),
  ];
  return `${lines.join("\n")}\n`;
}
