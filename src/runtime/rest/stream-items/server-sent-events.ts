import type { FrameReader, StreamFrame } from "./stream-frame.js";

/**
 * Reads `text/event-stream` as the HTML standard's event stream interpretation does: lines end with
 * CRLF, LF or CR; a leading byte order mark is dropped; `:` starts a comment; a field's value loses
 * one leading space; `data` lines are joined with `\n`; `event` names the event's type; `id` sets
 * the last event id (ignored when it holds NUL), which later events keep; `retry` counts only when
 * all digits. A blank line dispatches the event, and an event without `data` is no item. An item
 * carries the fields as written: `event` only when the event names its type (the standard's
 * `"message"` is the browser's dispatch name, not a field). Data still pending when the stream ends
 * is dropped, as the standard says.
 *
 * @example
 * for await (const frame of readServerSentEvents(chunks, 1 << 20, () => new Error("too large")))
 *   console.log(frame.event?.event, frame.text);
 */
export const readServerSentEvents: FrameReader = async function* (chunks, maxItemChars, tooLarge) {
  let pending = "";
  let first = true;
  const event = new EventBuffer();
  for await (const chunk of chunks) {
    pending += first ? chunk.replace(/^\uFEFF/, "") : chunk;
    if (chunk !== "") first = false;
    let start = 0;
    for (;;) {
      const end = lineEnd(pending, start);
      if (end === undefined) break;
      const frame = event.line(pending.slice(start, end.at));
      if (frame) yield frame;
      start = end.next;
    }
    pending = pending.slice(start);
    if (pending.length + event.size() > maxItemChars) throw tooLarge();
  }
  // A last line without its end: the standard drops the event it belonged to, so it is not read.
};

/** Where the next line of `text` from `start` ends, or `undefined` when its end has not arrived. */
function lineEnd(text: string, start: number): { at: number; next: number } | undefined {
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10) return { at: index, next: index + 1 };
    if (code === 13) {
      // A CR at the end of what arrived may be the first half of a CRLF: wait for the next chunk.
      if (index + 1 === text.length) return undefined;
      return { at: index, next: text.charCodeAt(index + 1) === 10 ? index + 2 : index + 1 };
    }
  }
  return undefined;
}

/** The event being read, line by line. */
class EventBuffer {
  private data = "";
  private hasData = false;
  private type = "";
  private lastId = "";
  private retry: number | undefined;

  size(): number {
    return this.data.length + this.type.length;
  }

  /** Reads one line; a blank one dispatches the event, returned when it carries data. */
  line(line: string): StreamFrame | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      this.data += this.hasData ? `\n${value}` : value;
      this.hasData = true;
    } else if (field === "event") {
      this.type = value;
    } else if (field === "id") {
      if (!value.includes("\0")) this.lastId = value;
    } else if (field === "retry" && /^[0-9]+$/.test(value)) {
      this.retry = Number(value);
    }
    return undefined;
  }

  private dispatch(): StreamFrame | undefined {
    const frame: StreamFrame | undefined = this.hasData
      ? {
          text: this.data,
          event: {
            ...(this.type !== "" && { event: this.type }),
            ...(this.lastId !== "" && { id: this.lastId }),
            ...(this.retry !== undefined && { retry: this.retry }),
          },
        }
      : undefined;
    this.data = "";
    this.hasData = false;
    this.type = "";
    this.retry = undefined;
    return frame;
  }
}
