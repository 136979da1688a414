import { ADD_ALTERNATIVES, ADD_ALTERNATIVES_SOURCE, groupAlternativeIssues } from "./alternative-issues.js";
import { ADD_ISSUE, ADD_ISSUE_SOURCE, compactErrorPushes } from "./compact-errors.js";
import { HEX_PATTERN_ENGINE, HEX_PATTERN_SOURCE } from "./hex-patterns.js";
import type { DataExport, ExportMap, ValidatorGroup } from "./validators.js";

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

/** Every helper a module may need: its source, and how to tell that the module calls it. */
const HELPERS: readonly { source: string; usedBy: (code: string) => boolean }[] = [
  { source: ADD_ISSUE_SOURCE, usedBy: (code) => code.includes(`${ADD_ISSUE}(`) },
  { source: ADD_ALTERNATIVES_SOURCE, usedBy: (code) => code.includes(`${ADD_ALTERNATIVES}(`) },
  // ajv binds the engine by name (`const func0 = hexAwarePattern;`) before its first use.
  { source: HEX_PATTERN_SOURCE, usedBy: (code) => code.includes(`= ${HEX_PATTERN_ENGINE};`) },
  { source: COMMON_JS_EXPORTS_SOURCE, usedBy: (code) => code.includes(`${COMMON_JS_EXPORTS}(`) },
];

/**
 * Turns ajv standalone code for one group into its module: error pushes compacted, alternatives
 * kept apart, map members gathered (`export const responses = { "200": { validate: validate12 } }`),
 * ajv's `require(...)` calls made ESM imports, the helpers it uses written into it, and its plain
 * data exports written after the validators. Each module carries its own copy of the helpers (about
 * 2 KB at most): a first call then loads one module instead of two, which in Node costs about 1.5 ms
 * less and in a browser one request less.
 *
 * @param code - ajv standalone output (ESM, `code.lines`) for the group's exports; empty for none.
 * @param group - The group, for its maps and data.
 * @returns The module and its declarations.
 */
export function validatorModule(code: string, group: ValidatorGroup): { js: string; dts: string } {
  let body = groupAlternativeIssues(compactErrorPushes(code.replace(/^"use strict";\s*/, "")));
  const maps = group.maps ?? [];
  const gathered = maps.map((map) => {
    const members = map.members.map((member) => {
      const fields = Object.entries(member.data ?? {}).map(
        ([name, value]) => `${name}: ${JSON.stringify(value)}`,
      );
      if (member.validator !== undefined) {
        const line = new RegExp(`^export const ${member.validator} = (validate\\d+);\\n`, "m");
        const match = line.exec(body);
        if (match === null) throw new Error(`${group.name}: ajv emitted no export ${member.validator}`);
        body = body.replace(line, "");
        fields.unshift(`validate: ${match[1]}`);
      }
      return `  ${JSON.stringify(member.key)}: ${fields.length > 0 ? `{ ${fields.join(", ")} }` : "{}"},`;
    });
    return `export const ${map.exportName} = {\n${members.join("\n")}\n};`;
  });
  const data = (group.data ?? []).map(
    (item) => `export const ${item.exportName} = ${JSON.stringify(item.value)};`,
  );
  const { imports, code: esm } = moduleImports(body);
  // ajv binds helpers by name before their first use, so they go above the validators.
  const helpers = HELPERS.filter((helper) => helper.usedBy(esm)).map((helper) => helper.source);
  const parts = [imports.join("\n"), helpers.join("\n\n"), esm.trim(), [...gathered, ...data].join("\n")];
  const gatheredNames = new Set(maps.flatMap((map) => map.members.map((member) => member.validator)));
  const own = group.entries.map((entry) => entry.exportName).filter((name) => !gatheredNames.has(name));
  return {
    js: `${parts.filter((part) => part !== "").join("\n\n")}\n`,
    dts: declarations(own, maps, group.data ?? []),
  };
}

/** ajv's `require("x")` calls as ESM namespace imports, read through `commonJsExports`. */
function moduleImports(code: string): { imports: string[]; code: string } {
  const specifiers: string[] = [];
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    if (!specifiers.includes(specifier)) specifiers.push(specifier);
    return `cjs${specifiers.indexOf(specifier)}`;
  });
  if (specifiers.length === 0) return { imports: [], code: body };
  const imports = specifiers.map((specifier, index) => `import * as module${index} from "${specifier}.js";`);
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
