import type { Ajv2020 } from "ajv/dist/2020.js";
import { _Code, nil } from "ajv/dist/compile/codegen/code.js";
import { type UsedScopeValues, UsedValueState, type ValueScopeName } from "ajv/dist/compile/codegen/scope.js";
import type { SchemaEnv } from "ajv/dist/compile/index.js";
import type { AnyValidateFunction, SourceCode } from "ajv/dist/types/index.js";

/**
 * ajv standalone code for one module, as `ajv/dist/standalone` writes it, except that the validate
 * functions another module holds are imported instead of copied: a component checked by several
 * operations is written once, in its chunk (see `validator-chunks.ts`), and each operation's module
 * imports it.
 *
 * @param ajv - The instance every function was compiled by (their names are unique within it).
 * @param exports - The compiled functions to write, each under its export name (`export const
 *   name = validate12;`), or written only (a chunk exports its functions by their own names).
 * @param owner - The chunk holding a function (by its name, `validate12`), or `undefined` when the
 *   module being written should hold it itself.
 * @returns ESM code (without the `"use strict"` ajv starts with) and, per chunk, the functions it imports from it.
 */
export function moduleCode(
  ajv: Ajv2020,
  exports: readonly { name?: string; validate: AnyValidateFunction }[],
  owner: (validateName: string) => string | undefined,
): { code: string; imports: Map<string, Set<string>> } {
  const { _n } = ajv.scope.opts;
  const usedValues: UsedScopeValues = {};
  const imports = new Map<string, Set<string>>();
  let code = "";
  for (const { name, validate } of exports) {
    const body = validateCode(validate.source);
    const line = name === undefined ? "" : `export const ${name} = ${String(validate.source?.validateName)};`;
    code += `${_n}${line}${_n}${body}`;
  }
  return { code, imports };

  function validateCode(source: SourceCode | undefined): _Code | typeof nil {
    if (!source) throw new Error("ajv compiled a function without its source (code.source is off)");
    const name = source.validateName;
    if (usedState(name) === UsedValueState.Completed) return nil;
    const chunk = owner(String(name));
    if (chunk !== undefined) {
      setUsedState(name, UsedValueState.Completed);
      const names = imports.get(chunk) ?? new Set<string>();
      names.add(String(name));
      imports.set(chunk, names);
      return nil;
    }
    setUsedState(name, UsedValueState.Started);
    const scopeCode = ajv.scope.scopeCode(source.scopeValues, usedValues, referencedCode);
    const own = `${scopeCode}${_n}${source.validateCode}`;
    // Written once, however many exports share it (ajv's own standalone writes a shared one again).
    setUsedState(name, UsedValueState.Completed);
    return new _Code(source.evaluated ? `${own}${name}.evaluated = ${source.evaluated};${_n}` : own);
  }

  /** The code of a function another one calls (`validate`), or of a recursive ref's holder (`root`, `wrapper`). */
  function referencedCode(name: ValueScopeName): _Code | typeof nil | undefined {
    const ref: unknown = name.value?.ref;
    if (name.prefix === "validate" && typeof ref === "function") {
      return validateCode((ref as AnyValidateFunction).source);
    }
    if ((name.prefix === "root" || name.prefix === "wrapper") && typeof ref === "object" && ref !== null) {
      const { validate, validateName } = ref as SchemaEnv;
      if (!validateName) throw new Error("ajv internal error: a referenced schema has no function name");
      const holder = `const ${name} = {validate: ${validateName}};`;
      if (usedState(validateName) === UsedValueState.Started) return new _Code(holder);
      return new _Code(`${holder}${_n}${validateCode(validate?.source)}`);
    }
    return undefined;
  }

  function usedState(name: ValueScopeName): UsedValueState | undefined {
    return usedValues[name.prefix]?.get(name);
  }

  function setUsedState(name: ValueScopeName, state: UsedValueState): void {
    const names = usedValues[name.prefix] ?? new Map<ValueScopeName, UsedValueState>();
    usedValues[name.prefix] = names;
    names.set(name, state);
  }
}

/**
 * The validate functions a function calls, directly or through others (itself first), by name.
 *
 * @param validate - A compiled function.
 */
export function reachedFunctions(validate: AnyValidateFunction): [string, AnyValidateFunction][] {
  const found = new Map<string, AnyValidateFunction>();
  const visit = (fn: AnyValidateFunction | undefined) => {
    const source = fn?.source;
    if (!fn || !source || found.has(String(source.validateName))) return;
    found.set(String(source.validateName), fn);
    for (const [prefix, names] of Object.entries(source.scopeValues)) {
      for (const name of names ?? []) {
        const ref: unknown = name.value?.ref;
        if (prefix === "validate" && typeof ref === "function") visit(ref as AnyValidateFunction);
        else if ((prefix === "root" || prefix === "wrapper") && typeof ref === "object" && ref !== null) {
          visit((ref as SchemaEnv).validate);
        }
      }
    }
  };
  visit(validate);
  return [...found];
}
