/**
 * Builds a called validator's issue paths only when it fails. ajv's standalone code hands every
 * validator it calls the value's path, `validate61(data.fee, {instancePath:instancePath+"/fee"})`:
 * one object and one joined string per call, on valid data too, and a 100-transaction TRON block
 * makes some 80 KB of them per answer (garbage that young-generation collections then copy along
 * with the parsed block). Here the callee is called with the value alone, so its issues carry paths
 * relative to that value, and the caller puts them under the value's path as it takes them over,
 * which only failing data reaches. A validator called without options destructures one shared
 * empty object instead of a new `{}` per call. The issues are the same: same paths, keywords and
 * params.
 */
import { ADD_ISSUES } from "./compact-errors.js";

/** Name of the helper in the generated code. */
export const ADD_ISSUES_AT = "addIssuesAt";

/** Name of the helper that rewrites one issue list's paths (and its alternatives' branches). */
const PLACE_UNDER = "placeIssuesUnder";

/** JavaScript source of both helpers, emitted in each validators module that uses them. */
export const ADD_ISSUES_AT_SOURCE = `/** Puts issues whose paths are relative to a value under that value's path, the branches of alternatives too. */
function ${PLACE_UNDER}(issues, path) {
  for (const issue of issues) {
    issue.instancePath = path + issue.instancePath;
    const branches = issue.params?.branches;
    if (Array.isArray(branches)) for (const branch of branches) ${PLACE_UNDER}(branch, path);
  }
}

/** Appends the issues a validator called without a path reported, placed under the path of the value it checked. */
function ${ADD_ISSUES_AT}(issues, more, path) {
  ${PLACE_UNDER}(more, path);
  return issues === null ? more : issues.concat(more);
}`;

/** Name of the shared options object of a validator called without any. */
export const AT_ROOT = "atRoot";

/** JavaScript source of that object. */
export const AT_ROOT_SOURCE = `/** The options a validator called without any reads: no path, so its issues' paths start at its value. */
const ${AT_ROOT} = Object.freeze({});`;

/** A validator function's header as `withoutCallContext` leaves it: the options default to a new `{}`. */
const HEADER = /^(function validate\d+\(data, \{instancePath=""\}=)\{\}\)\{$/gm;

/**
 * A call with a path and the take-over of its issues, as `compactErrorPushes` leaves them (a call
 * that also passes `parentData`, to a validator that reads its parent, keeps its shape):
 *
 *     if(!(validate61(data.fee, {instancePath:instancePath+"/fee"}))){
 *     vErrors = addIssues(vErrors, validate61.errors);
 */
const CALL_WITH_PATH = new RegExp(
  String.raw`^if\(!\((validate\d+)\((.+?), \{instancePath:((?:(?!,parentData:).)+)\}\)\)\)\{\nvErrors = ${ADD_ISSUES}\(vErrors, \1\.errors\);$`,
  "gm",
);

/**
 * Rewrites each call of a validator with a path into a call with the value alone, and its issues'
 * take-over into {@link ADD_ISSUES_AT} with that path, and each function's default options into
 * {@link AT_ROOT}. A call in any other shape is left as it is (the called function still takes a
 * path, so both shapes work).
 *
 * @param code - Validators code after `compactErrorPushes`.
 * @returns The same validators, building paths only for failing values.
 * @example
 * pathsOnFailure('if(!(validate61(data.fee, {instancePath:instancePath+"/fee"}))){\nvErrors = addIssues(vErrors, validate61.errors);');
 * // 'if(!(validate61(data.fee))){\nvErrors = addIssuesAt(vErrors, validate61.errors, instancePath+"/fee");'
 */
export function pathsOnFailure(code: string): string {
  return code
    .replace(
      CALL_WITH_PATH,
      (_call, validate: string, value: string, path: string) =>
        `if(!(${validate}(${value}))){\nvErrors = ${ADD_ISSUES_AT}(vErrors, ${validate}.errors, ${path});`,
    )
    .replace(HEADER, `$1${AT_ROOT}){`);
}
