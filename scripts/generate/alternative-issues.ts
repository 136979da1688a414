/**
 * Keeps the issues of each branch of a failed `oneOf`/`anyOf` apart, so that the runtime can report
 * the branch that came closest (`src/runtime/validation/closest-branch.ts`) instead of every
 * branch's complaints in one flat list.
 *
 * ajv validates each branch as a subschema that starts with `const _errsN = errors;` and ends with
 * `var _validK = _errsN === errors;`, where `_validK` is named once per compound keyword in a
 * function; when every branch failed it records the compound's own issue after theirs. So the
 * issues from `_errsN` of one branch to the next branch's start are that branch's. This rewrites
 * the compound's issue into a call to the helper below, which moves those issues into the
 * compound issue's `params.branches`; the branch starts become `var`s, as later branches sit in
 * nested blocks. Valid data runs the same code as before.
 */
import { ADD_ISSUE } from "./compact-errors.js";

/** Name of the helper in the generated code. */
export const ADD_ALTERNATIVES = "addAlternatives";

/** JavaScript source of the helper, emitted in each validators module that uses it. */
export const ADD_ALTERNATIVES_SOURCE = `/** Records a failed oneOf/anyOf with the issues of each branch (from its start to the next one's) in params.branches. */
function ${ADD_ALTERNATIVES}(issues, starts, issue) {
  const branches = [];
  if (issues !== null) {
    for (let index = 0; index < starts.length; index++) {
      branches.push(issues.slice(starts[index], index + 1 < starts.length ? starts[index + 1] : issues.length));
    }
    issues.length = starts[0];
  }
  issue.params.branches = branches;
  return ${ADD_ISSUE}(issues === null || issues.length === 0 ? null : issues, issue);
}`;

const FUNCTION_START = /^function validate\d+\(/m;
const BRANCH_END = /^var (_valid\d+) = (_errs\d+) === errors;$/gm;
const COMPOUND_ISSUE = new RegExp(
  `^vErrors = ${ADD_ISSUE}\\(vErrors, (\\{[^\\n]*keyword:"(?:oneOf|anyOf)"[^\\n]*\\})\\);\\nerrors\\+\\+;$`,
  "gm",
);

/**
 * Rewrites each `oneOf`/`anyOf` issue of ajv standalone code (after `compactErrorPushes`) to keep
 * its branches' issues apart.
 *
 * @param code - Standalone code whose error pushes are `addIssue` calls.
 * @returns The code, calling the helper wherever a compound issue was recorded.
 * @throws {Error} When a compound issue has no branch before it: ajv's code is not shaped as expected.
 * @example
 * const code = groupAlternativeIssues(compactErrorPushes(standaloneCode(ajv, exports)));
 */
export function groupAlternativeIssues(code: string): string {
  const functions = splitFunctions(code).map((chunk) => {
    const branchStarts = new Map<string, string[]>();
    for (const [, valid, start] of chunk.matchAll(BRANCH_END)) {
      const starts = branchStarts.get(valid as string) ?? [];
      if (!starts.includes(start as string)) starts.push(start as string);
      branchStarts.set(valid as string, starts);
    }
    const hoisted = new Set<string>();
    const result = chunk.replace(COMPOUND_ISSUE, (_whole, issue: string, offset: number) => {
      const before = [...chunk.slice(0, offset).matchAll(BRANCH_END)].at(-1);
      const starts = before === undefined ? undefined : branchStarts.get(before[1] as string);
      if (starts === undefined) throw new Error(`no branches found before ${issue}`);
      for (const start of starts) hoisted.add(start);
      return `vErrors = ${ADD_ALTERNATIVES}(vErrors, [${starts.join(", ")}], ${issue});\nerrors = vErrors.length;`;
    });
    return result.replace(/^const (_errs\d+) = errors;$/gm, (line, name: string) =>
      hoisted.has(name) ? `var ${name} = errors;` : line,
    );
  });
  return functions.join("");
}

/** Cuts standalone code before each `function validateN(`: ajv names its variables per function. */
function splitFunctions(code: string): string[] {
  const chunks: string[] = [];
  let rest = code;
  for (;;) {
    const next = FUNCTION_START.exec(rest.slice(1));
    if (next === null) break;
    chunks.push(rest.slice(0, next.index + 1));
    rest = rest.slice(next.index + 1);
  }
  chunks.push(rest);
  return chunks;
}
