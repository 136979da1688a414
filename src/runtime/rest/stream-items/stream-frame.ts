/**
 * One item of a streamed answer as its framing delivers it, before it is parsed: the text of a JSON
 * Lines line or a JSON text sequence entry, or the `data` of a server-sent event with the event's
 * other fields.
 */
export interface StreamFrame {
  /** The item's JSON text (a server-sent event's `data`, its lines joined by `\n`). */
  text: string;
  /** A server-sent event's fields besides `data`: its type when named, the last event id, and `retry`. */
  event?: { event?: string; id?: string; retry?: number };
}

/** Splits decoded text chunks into frames, refusing an item that grows past `maxItemChars`. */
export type FrameReader = (
  chunks: AsyncIterable<string>,
  maxItemChars: number,
  tooLarge: () => Error,
) => AsyncGenerator<StreamFrame>;
