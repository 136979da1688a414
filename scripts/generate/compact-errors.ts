/**
 * Shrinks how ajv's standalone code records an error. For every error it emits
 *
 *     const err0 = {instancePath, …, message: "…"};
 *     if(vErrors === null){
 *     vErrors = [err0];
 *     }
 *     else {
 *     vErrors.push(err0);
 *     }
 *
 * and a surface has a few hundred of them. Each becomes one call to a helper that does the same:
 * `vErrors = issueAt(vErrors, instancePath, "type", {…});` for the usual three fields, else
 * `vErrors = addIssue(vErrors, {…});`. The error objects keep their path, keyword, params and
 * message, but not their `schemaPath`: nothing reads it (the runtime words an issue from its keyword
 * and params, and points at the value), and it was a tenth of the validators' code. Only failing
 * data reaches these lines, so valid data is checked by the same code as before.
 */

/** Name of the helper in the generated code (ajv's own names are `validateN`, `errN`, `schemaN`, …). */
export const ADD_ISSUE = "addIssue";

/** JavaScript source of the helper, emitted in each validators module that uses it. */
export const ADD_ISSUE_SOURCE = `/** Appends one issue to ajv's error list, which starts out as null. */
function ${ADD_ISSUE}(issues, issue) {
  if (issues === null) return [issue];
  issues.push(issue);
  return issues;
}`;

/** The `schemaPath` of an error object as ajv writes it (a string literal, or a concatenation for a `$ref`). */
const SCHEMA_PATH = /,schemaPath:(?:"(?:[^"\\]|\\.)*"|[^,{}]*?)(?=,keyword:)/;

/** Name of the helper that appends one issue given by its parts, the form of nearly every issue. */
export const ISSUE_AT = "issueAt";

/** JavaScript source of that helper. */
export const ISSUE_AT_SOURCE = `/** Appends the issue {instancePath, keyword, params} to ajv's error list, which starts out as null. */
function ${ISSUE_AT}(issues, instancePath, keyword, params) {
  return ${ADD_ISSUE}(issues, { instancePath, keyword, params });
}`;

/** An issue of just those three fields, as ajv writes it: `{instancePath(:expression),keyword:"…",params:{…}}`. */
const THREE_FIELDS = /^\{instancePath(?::(.*?))?,keyword:("(?:[^"\\]|\\.)*"),params:(\{.*\})\}$/s;

const COMPOUND_KEYWORDS = new Set(['"oneOf"', '"anyOf"']);

/** Name of the helper that appends the issues a called validator reported. */
export const ADD_ISSUES = "addIssues";

/** JavaScript source of that helper. */
export const ADD_ISSUES_SOURCE = `/** Appends the issues a called validator reported to ajv's error list, which starts out as null. */
function ${ADD_ISSUES}(issues, more) {
  return issues === null ? more : issues.concat(more);
}`;

/** How ajv takes over a called validator's issues: `vErrors = vErrors === null ? v.errors : vErrors.concat(v.errors);`. */
const ISSUES_TAKEN_OVER = /^vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);$/gm;

/** One error as ajv writes it with `code.lines` on: the object on one line, then the push. */
const ERROR_PUSH =
  /^const (err\d+) = (\{.*\});\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\n/gm;

/**
 * Rewrites each error push of ajv standalone code into a call to the helper (which the code must
 * then import: see `ADD_ISSUE_SOURCE`).
 *
 * @param code - ajv standalone output, compiled with `code.lines: true`.
 * @returns The same validators, with each error recorded by one helper call (`issueAt` with the
 *   three fields of nearly every issue, `addIssue` with the object otherwise) without its
 *   schemaPath, and the issues of each called validator taken over by another (`addIssues`).
 * @example
 * compactErrorPushes(standaloneCode(ajv, exports));
 */
export function compactErrorPushes(code: string): string {
  return code
    .replace(ERROR_PUSH, (_push, _name: string, issue: string) => {
      const object = issue.replace(SCHEMA_PATH, "");
      const parts = THREE_FIELDS.exec(object);
      // A failed oneOf/anyOf stays an object: groupAlternativeIssues hands it to its own helper.
      return parts === null || COMPOUND_KEYWORDS.has(parts[2] as string)
        ? `vErrors = ${ADD_ISSUE}(vErrors, ${object});\n`
        : `vErrors = ${ISSUE_AT}(vErrors, ${parts[1] ?? "instancePath"}, ${parts[2]}, ${parts[3]});\n`;
    })
    .replace(ISSUES_TAKEN_OVER, (_line, issues: string) => `vErrors = ${ADD_ISSUES}(vErrors, ${issues});`);
}
