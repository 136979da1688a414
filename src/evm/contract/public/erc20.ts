// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { ERC20_ABI as ERC20_ABIOf, erc20 as erc20Of } from "../erc20.js";

/** See {@link ERC20_ABIOf}. */
export const ERC20_ABI = ERC20_ABIOf;

/** See {@link erc20Of}. */
export const erc20 = erc20Of;
