import { wrapSecrets } from "../../credentials/wrap-secrets.js";
import type { FieldIssue } from "../../errors/request-validation-error.js";
import { StreamItemError } from "../../errors/stream-item-error.js";
import { convertCheckedInt64, convertInt64 } from "../../json/convert-int64.js";
import { readWithinDepth } from "../../json/nesting-depth.js";
import { parseJson } from "../../json/parse-json.js";
import type { ResponseDescriptor, StreamFormat } from "../../operation.js";
import { failedCheck, wordFailedChecks } from "../../validation/failed-check.js";
import { scrubIssues } from "../../validation/scrub-issues.js";
import { readJsonLines } from "./json-lines.js";
import { readJsonTextSequence } from "./json-text-sequence.js";
import { readServerSentEvents } from "./server-sent-events.js";
import type { FrameReader, StreamFrame } from "./stream-frame.js";

const READERS: Record<StreamFormat, FrameReader> = {
  sse: readServerSentEvents,
  "sse-text": readServerSentEvents,
  jsonl: readJsonLines,
  "json-seq": readJsonTextSequence,
};

/** What {@link readStreamItems} reads each item with. */
export interface StreamItemsContext {
  operation: string;
  status: number;
  format: StreamFormat;
  /** The item schema's validator and where its int64 and secret fields sit. */
  descriptor: ResponseDescriptor | undefined;
  validates: boolean;
  /** The most characters one item may take before it is complete. */
  maxItemChars: number;
  tooLarge: () => Error;
  redact: (text: string) => string;
}

/**
 * Turns the decoded text of a streamed answer into its items, one by one as they arrive: each is
 * parsed without losing integers (a server-sent event's `data`, or the whole JSON text), checked
 * against the item schema, its int64 fields made `bigint`s and its secret fields `Secret`s. A
 * server-sent event arrives as `{ data, event?, id?, retry? }` (`data` left a string for `sse-text`).
 *
 * @throws {StreamItemError} for an item that is not JSON or that its schema refuses, naming its place
 *   in the stream (from 0) and the field's pointer inside it.
 * @example
 * for await (const item of readStreamItems(chunks, context)) console.log(item);
 */
export async function* readStreamItems(
  chunks: AsyncIterable<string>,
  context: StreamItemsContext,
): AsyncGenerator<unknown> {
  let index = 0;
  for await (const frame of READERS[context.format](chunks, context.maxItemChars, context.tooLarge)) {
    yield readItem(frame, index, context);
    index++;
  }
}

function readItem(frame: StreamFrame, index: number, context: StreamItemsContext): unknown | Promise<never> {
  const { descriptor, validates } = context;
  const refuse = (issues: FieldIssue[]): never => {
    throw new StreamItemError(context.operation, context.status, index, scrubIssues(issues, context.redact));
  };
  let item: unknown;
  if (context.format === "sse-text") {
    item = { data: frame.text, ...frame.event };
  } else {
    let parsed: unknown;
    try {
      parsed = parseJson(frame.text);
    } catch {
      return refuse([{ pointer: frame.event ? "/data" : "", message: "is not JSON" }]);
    }
    item = frame.event ? { data: parsed, ...frame.event } : parsed;
  }
  return readWithinDepth(
    item,
    () => {
      const validate = descriptor?.validate;
      if (validates && validate) {
        const failed = failedCheck(validate, item, "");
        if (failed) return wordFailedChecks([failed]).then(refuse);
      }
      if (descriptor === undefined) return item;
      let converted = item;
      if (descriptor.int64 && validates && validate) {
        const checked = convertCheckedInt64(item, descriptor.int64, "", descriptor.convertInt64);
        if (checked.inexact.length > 0) return refuse(checked.inexact);
        converted = checked.value;
      } else if (descriptor.int64) {
        converted = convertInt64(item, descriptor.int64, descriptor.convertInt64);
      }
      return descriptor.secrets ? wrapSecrets(converted, descriptor.secrets) : converted;
    },
    (pointer, message) => refuse([{ pointer, message }]),
  );
}
