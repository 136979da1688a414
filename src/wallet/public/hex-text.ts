// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import {
  hexToText as hexToTextOf,
  nodeMessage as nodeMessageOf,
  textToHex as textToHexOf,
} from "../hex-text.js";

/** See {@link hexToTextOf}. */
export const hexToText = hexToTextOf;

/** See {@link nodeMessageOf}. */
export const nodeMessage = nodeMessageOf;

/** See {@link textToHexOf}. */
export const textToHex = textToHexOf;
