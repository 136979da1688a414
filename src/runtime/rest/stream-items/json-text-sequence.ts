import type { FrameReader } from "./stream-frame.js";

/** RFC 7464's record separator, which starts every JSON text of a sequence. */
const RS = "\u001e";

/**
 * Reads `application/json-seq` (RFC 7464): each JSON text starts with a record separator (0x1E) and
 * ends with LF. Empty records are skipped; a record that is not one JSON text (truncated, or two
 * run together) is handed on as it is, so that parsing it names it.
 *
 * @example
 * for await (const frame of readJsonTextSequence(chunks, 1 << 20, () => new Error("too large"))) JSON.parse(frame.text);
 */
export const readJsonTextSequence: FrameReader = async function* (chunks, maxItemChars, tooLarge) {
  let pending = "";
  for await (const chunk of chunks) {
    pending += chunk;
    let separator = pending.indexOf(RS, 1);
    while (separator !== -1) {
      const record = pending.slice(0, separator);
      pending = pending.slice(separator);
      if (withoutSeparator(record).trim() !== "") yield { text: withoutSeparator(record) };
      separator = pending.indexOf(RS, 1);
    }
    if (pending.length > maxItemChars) throw tooLarge();
  }
  if (withoutSeparator(pending).trim() !== "") yield { text: withoutSeparator(pending) };
};

function withoutSeparator(record: string): string {
  return record.startsWith(RS) ? record.slice(1) : record;
}
