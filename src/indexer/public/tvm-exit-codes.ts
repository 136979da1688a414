// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  isSuccessfulExit as isSuccessfulExitOf,
  tvmExitCodeMeaning as tvmExitCodeMeaningOf,
} from "../tvm-exit-codes.js";

/** See {@link isSuccessfulExitOf}. */
export const isSuccessfulExit = isSuccessfulExitOf;

/** See {@link tvmExitCodeMeaningOf}. */
export const tvmExitCodeMeaning = tvmExitCodeMeaningOf;
