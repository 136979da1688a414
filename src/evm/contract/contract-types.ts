import type {
  Abi,
  AbiParametersToPrimitiveTypes,
  AbiParameterToPrimitiveType,
  AbiStateMutability,
  ExtractAbiFunction,
  ExtractAbiFunctionNames,
} from "abitype";

/** Names of the functions that only read (`view`, `pure`): `contract().read`. */
export type ReadFunctionName<abi extends Abi> = ExtractAbiFunctionNames<abi, "view" | "pure">;
/** Names of the functions that change state (`nonpayable`, `payable`): `contract().write`. */
export type WriteFunctionName<abi extends Abi> = ExtractAbiFunctionNames<abi, "nonpayable" | "payable">;

type FunctionOf<
  abi extends Abi,
  name extends string,
  mutability extends AbiStateMutability,
> = ExtractAbiFunction<abi, name, mutability>;

/** A function's arguments, as a tuple of the TypeScript types abitype infers (`uint256` → `bigint`, …). */
export type FunctionArgs<
  abi extends Abi,
  name extends string,
  mutability extends AbiStateMutability = AbiStateMutability,
> = AbiParametersToPrimitiveTypes<FunctionOf<abi, name, mutability>["inputs"], "inputs">;

/**
 * What a read returns: nothing for no outputs, the value for one, a tuple for several (as viem's
 * `readContract` does).
 */
export type FunctionResult<abi extends Abi, name extends string> = FunctionOf<
  abi,
  name,
  "view" | "pure"
>["outputs"] extends readonly []
  ? undefined
  : FunctionOf<abi, name, "view" | "pure">["outputs"] extends readonly [
        infer only extends FunctionOf<abi, name, "view" | "pure">["outputs"][number],
      ]
    ? AbiParameterToPrimitiveType<only, "outputs">
    : AbiParametersToPrimitiveTypes<FunctionOf<abi, name, "view" | "pure">["outputs"], "outputs">;

/** The args parameter: optional when the function takes none. */
export type ArgsParameter<args extends readonly unknown[]> = args extends readonly []
  ? [args?: readonly []]
  : [args: args];
