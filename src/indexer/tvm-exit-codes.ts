/**
 * What TVM's compute-phase exit codes mean, in words (after the exit code table of the TON docs,
 * docs.ton.org "Exit codes"; -13 for an account without code, as TON nodes report it). Codes 0 and 1
 * are success; 256 and above are the contract's own.
 */
const TVM_EXIT_CODES: Readonly<Record<number, string>> = {
  2: "stack underflow: the method took more arguments from the stack than it holds (pass its arguments in `stack`)",
  3: "stack overflow",
  4: "integer overflow, or a division by zero",
  5: "an integer out of its expected range",
  6: "an invalid opcode",
  7: "type check error: an argument has the wrong type (a `num` where the method takes a `slice` or `cell`, say)",
  8: "cell overflow: more than 1023 bits or 4 references written to a cell",
  9: "cell underflow: more bits or references read from a slice than it holds",
  10: "dictionary error",
  11: "the contract's code has no get-method of that name (check the method name and the contract at the address)",
  12: "fatal error",
  13: "out of gas",
  [-13]: "the account has no code (it is not deployed, or not initialized): check the address",
  [-14]: "out of gas",
  14: "VM virtualization error",
};

/**
 * Says what a TVM exit code of a get-method run means.
 *
 * @param exitCode - The run's `exit_code`.
 * @returns Its meaning in words.
 * @example
 * tvmExitCodeMeaning(11); // "the contract's code has no get-method of that name (…)"
 * tvmExitCodeMeaning(300); // "the contract's own error code 300 (see the contract's source)"
 */
export function tvmExitCodeMeaning(exitCode: number): string {
  const known = TVM_EXIT_CODES[exitCode];
  if (known !== undefined) return known;
  if (exitCode >= 256) return `the contract's own error code ${exitCode} (see the contract's source)`;
  return `TVM exit code ${exitCode}, reserved by TON (0 to 127) or by the contract's compiler (128 to 255)`;
}

/**
 * Whether a get-method run ended well: TVM exit codes 0 and 1 are success.
 *
 * @example
 * isSuccessfulExit(1); // true
 */
export function isSuccessfulExit(exitCode: number): boolean {
  return exitCode === 0 || exitCode === 1;
}
