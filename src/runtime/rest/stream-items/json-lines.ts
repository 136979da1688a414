import type { FrameReader } from "./stream-frame.js";

/**
 * Reads `application/jsonl` and `application/x-ndjson`: one JSON text per line (LF, with an optional
 * CR before it); blank lines are skipped, and a last line without its LF is still an item.
 *
 * @example
 * for await (const frame of readJsonLines(chunks, 1 << 20, () => new Error("too large"))) JSON.parse(frame.text);
 */
export const readJsonLines: FrameReader = async function* (chunks, maxItemChars, tooLarge) {
  let pending = "";
  for await (const chunk of chunks) {
    pending += chunk;
    let newline = pending.indexOf("\n");
    while (newline !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== "") yield { text: line.endsWith("\r") ? line.slice(0, -1) : line };
      newline = pending.indexOf("\n");
    }
    if (pending.length > maxItemChars) throw tooLarge();
  }
  if (pending.trim() !== "") yield { text: pending };
};
