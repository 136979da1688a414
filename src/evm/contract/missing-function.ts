import { hexToBytes } from "@noble/hashes/utils.js";
import type { EvmClient } from "../client/create-evm-client.js";
import type { Hex } from "../signer/evm-signer.js";

const PUSH1 = 0x60;
const PUSH32 = 0x7f;

/**
 * Whether runtime code pushes a selector: Solidity's dispatcher compares the call's first four bytes
 * with each function's selector pushed as a constant (PUSH4, or a shorter PUSH when it has leading
 * zero bytes). Push data is skipped, so bytes inside other constants never count as opcodes.
 */
function pushesSelector(code: Uint8Array, selector: number): boolean {
  for (let pc = 0; pc < code.length; pc++) {
    const op = code[pc] as number;
    if (op < PUSH1 || op > PUSH32) continue;
    const size = op - PUSH1 + 1;
    if (size <= 4 && pc + size < code.length) {
      let value = 0;
      for (let k = 1; k <= size; k++) value = value * 256 + (code[pc + k] as number);
      if (value === selector) return true;
    }
    pc += size;
  }
  return false;
}

/**
 * When a call reverted without a reason, why, if the contract's code tells: no function with the call's
 * selector in its dispatcher (the ABI does not match the contract, or the address holds another one).
 *
 * @param evm - The client.
 * @param address - The contract called.
 * @param data - The call data sent.
 * @returns The reason in words, or `undefined` when the function is there (the revert is its own).
 * @example
 * await missingFunction(evm, erc20, "0xa9059cbb"); // undefined: the token has transfer(address,uint256)
 */
export async function missingFunction(evm: EvmClient, address: Hex, data: Hex): Promise<string | undefined> {
  if (data.length < 10) return undefined;
  let code: string;
  try {
    code = await evm.eth_getCode(address, "latest");
  } catch {
    return undefined; // The revert stands as it was; this lookup only adds to it.
  }
  // Only well-formed code tells anything; an odd answer leaves the revert as it was.
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(code)) return undefined;
  const selector = data.slice(0, 10);
  if (pushesSelector(hexToBytes(code.slice(2)), Number.parseInt(selector.slice(2), 16))) return undefined;
  return `the contract has no function with selector ${selector}: check that the ABI is this contract's (and the address is the one you meant)`;
}
