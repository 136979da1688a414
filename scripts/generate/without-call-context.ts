/**
 * ajv's standalone code hands each validator it calls the value's parent, its key there and the
 * root value (`validate7(data.fee, {instancePath:…,parentData:data,parentDataProperty:"fee",rootData})`),
 * for the keywords that read them: `$data` references, defaults, coercion and the removal of extra
 * properties, none of which the generator turns on. Every call built that four-field object (a
 * thousand call sites, and an allocation per validated value), and every function unpacked it;
 * now only `instancePath` is passed. A module that still mentions one of the three names (a
 * keyword that does read them) is left whole.
 */

const PARAMETERS = /\{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}/g;
const PASSED_ON = /\{instancePath,parentData,parentDataProperty,rootData\}/g;
// `parentData:` and `parentDataProperty:` values are identifiers, numbers or string literals.
const CALL_CONTEXT = /,parentData:[\w$]+,parentDataProperty:(?:[\w$]+|"(?:[^"\\]|\\.)*"),rootData\}/g;
const CONTEXT_NAMES = /\b(?:parentData|parentDataProperty|rootData)\b/;

/**
 * The module with only `instancePath` passed to and taken by its validate functions.
 *
 * @param code - Standalone code of a validators module or chunk.
 * @returns The code without the unread call context, or unchanged when something reads it.
 * @example
 * withoutCallContext('validate2(data.a, {instancePath:instancePath+"/a",parentData:data,parentDataProperty:"a",rootData})');
 * // 'validate2(data.a, {instancePath:instancePath+"/a"})'
 */
export function withoutCallContext(code: string): string {
  const rewritten = code
    .replace(PARAMETERS, '{instancePath=""}={}')
    .replace(PASSED_ON, "{instancePath}")
    .replace(CALL_CONTEXT, "}");
  return CONTEXT_NAMES.test(rewritten) ? code : rewritten;
}
