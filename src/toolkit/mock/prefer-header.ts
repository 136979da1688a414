/** What a request asks of the mock with the `Prefer` header (Stoplight Prism's form). */
export interface MockPreference {
  /** `code=404`: answer with this status. */
  code?: string;
  /** `example=notFound`: answer with this named example. */
  example?: string;
  /** `dynamic=true`: a value generated from the schema rather than the spec's examples. */
  dynamic?: boolean;
}

/**
 * Reads `Prefer: code=404, example=notFound, dynamic=true` (items separated by commas or semicolons).
 *
 * @param header - The header's value, if any.
 * @returns What the request prefers; unknown items are ignored, as RFC 7240 asks.
 * @example
 * readPrefer("code=201, dynamic=true"); // { code: "201", dynamic: true }
 */
export function readPrefer(header: string | null | undefined): MockPreference {
  const preference: MockPreference = {};
  for (const item of (header ?? "").split(/[,;]/)) {
    const [rawName, ...rest] = item.split("=");
    const name = rawName?.trim().toLowerCase();
    const value = rest
      .join("=")
      .trim()
      .replace(/^"(.*)"$/, "$1");
    if (name === "code" && /^[1-5]\d\d$/.test(value)) preference.code = value;
    else if (name === "example" && value !== "") preference.example = value;
    else if (name === "dynamic") preference.dynamic = value === "" || value === "true";
  }
  return preference;
}
