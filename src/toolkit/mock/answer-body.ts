import { parseJson } from "../../runtime/json/parse-json.js";
import { stringifyJson } from "../../runtime/json/stringify-json.js";
import type { Validator } from "../../runtime/operation.js";
import { SeededRandom } from "../../sandbox/seeded-random.js";
import { type SampleSchema, sampleValue } from "./schema-sample.js";
import type { MockMedia, SpecDocument } from "./spec-document.js";

/** How many generated values are tried before the mock says the schema cannot be met. */
const GENERATED_TRIES = 24;

/** Where an answer's value came from. */
export type AnswerSource = { from: "example"; name?: string } | { from: "schema"; seed: number };

/** A body the generated validator accepts, with where it came from. */
export interface ChosenBody {
  value: unknown;
  source: AnswerSource;
}

/** What to draw a body from. */
export interface BodyRequest {
  document: SpecDocument;
  media: MockMedia | undefined;
  /** The generated validator of this status, when the status has a JSON body. */
  validate: Validator | undefined;
  /** The seed of this answer: the mock's seed mixed with the request, so answers repeat per seed. */
  seed: number;
  /** A named example to use (`Prefer: example=`). */
  exampleName?: string;
  /** Skip the spec's examples (`Prefer: dynamic=true`). */
  dynamic?: boolean;
  /** Fields to set on an object body when the schema allows them (an id from the path, a created resource). */
  overlay?: Readonly<Record<string, unknown>>;
  /**
   * Reshapes an object body after the overlay: puts a kept resource where the answer wraps it
   * (`{ "droplet": … }`), or a page of them into a list's envelope.
   */
  reshape?: (value: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Chooses an answer body: the spec's example (the named one, else the first), else values drawn
 * from the schema, each checked with the generated validator, so that a client generated from the
 * same spec accepts every answer the mock sends. An example that breaks its own schema is passed
 * over (published specs have many). With an overlay or a reshape, the first value that passes with
 * them wins; one that passes only without them is the last resort.
 *
 * @param request - The media, the validator, the seed and the preferences.
 * @returns The body, or `undefined` when neither an example nor a generated value passes.
 * @example
 * declare const document: SpecDocument; // the bundled spec
 * const chosen = chooseBody({ document, media: { schema: { type: "integer", minimum: 1 } }, validate: undefined, seed: 1 });
 */
export function chooseBody(request: BodyRequest): ChosenBody | undefined {
  const accepts = (value: unknown) => {
    if (!request.validate) return true;
    // Check what a client will read: the written JSON, read back losslessly.
    return request.validate(parseJson(stringifyJson(value)));
  };
  const withOverlay = (value: unknown) => {
    const set = overlaid(value, request.overlay);
    return request.reshape && isRecord(set) ? request.reshape(set) : set;
  };
  const changes = request.overlay !== undefined || request.reshape !== undefined;
  // A value that passes only without the request's fields: used when no value passes with them.
  let unchanged: ChosenBody | undefined;
  if (!request.dynamic) {
    for (const example of examplesOf(request)) {
      const value = withOverlay(example.value);
      if (accepts(value))
        return { value, source: { from: "example", ...(example.name && { name: example.name }) } };
      if (changes && !unchanged && accepts(example.value))
        unchanged = { value: example.value, source: { from: "example" } };
    }
  }
  const schema = request.media?.schema;
  if (schema === undefined) {
    if (unchanged) return unchanged;
    return request.validate
      ? undefined
      : { value: undefined, source: { from: "schema", seed: request.seed } };
  }
  for (let attempt = 0; attempt < GENERATED_TRIES; attempt++) {
    const seed = request.seed + attempt;
    const random = new SeededRandom(seed);
    const drawn = sampleValue(schema as SampleSchema, {
      random,
      resolve: request.document.resolve,
      direction: "response",
      // The first tries use the schemas' own examples; later ones draw every value.
      preferExamples: !request.dynamic && attempt < GENERATED_TRIES / 2,
      // The last tries keep arrays to what they must hold.
      fewestItems: attempt >= (GENERATED_TRIES * 2) / 3,
      // The very last ones leave out optional fields too.
      requiredOnly: attempt >= (GENERATED_TRIES * 5) / 6,
    });
    const value = withOverlay(drawn);
    if (accepts(value)) return { value, source: { from: "schema", seed } };
    if (changes && !unchanged && accepts(drawn))
      unchanged = { value: drawn, source: { from: "schema", seed } };
  }
  return unchanged;
}

/** The media's examples, the named one alone when a name is asked for. */
function examplesOf(request: BodyRequest): { name?: string; value: unknown }[] {
  const media = request.media;
  if (!media) return [];
  const named = Object.entries(media.examples ?? {}).map(([name, example]) => ({
    name,
    value: request.document.follow(example)?.value,
  }));
  if (request.exampleName !== undefined)
    return named.filter((example) => example.name === request.exampleName);
  const list: { name?: string; value: unknown }[] = [
    ...(media.example !== undefined ? [{ value: media.example }] : []),
    ...named,
  ];
  const schema = media.schema && request.document.follow(media.schema);
  if (schema?.example !== undefined) list.push({ value: schema.example });
  for (const value of schema?.examples ?? []) list.push({ value });
  return list.filter((example) => example.value !== undefined);
}

/** The value with the overlay's fields set, when it is an object; other values as they are. */
function overlaid(value: unknown, overlay: Readonly<Record<string, unknown>> | undefined): unknown {
  if (!overlay || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, field] of Object.entries(overlay)) {
    Object.defineProperty(copy, key, { value: field, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The names of the examples a media type offers, for a refusal that lists them.
 *
 * @param media - The media type.
 * @returns The names.
 */
export function exampleNames(media: MockMedia | undefined): string[] {
  return Object.keys(media?.examples ?? {});
}
