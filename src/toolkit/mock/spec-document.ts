import type { SampleSchema } from "./schema-sample.js";

/** A JSON value of a bundled spec, read loosely. */
export type Loose = Record<string, unknown>;

/** An OpenAPI parameter as the mock reads it. */
export interface MockParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: SampleSchema;
}

/** A media type entry: its schema and examples. */
export interface MockMedia {
  schema?: SampleSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}

/** One response of an operation. */
export interface MockResponseSpec {
  content?: Record<string, MockMedia>;
  headers?: Record<string, unknown>;
}

/** One operation of the document, as the mock reads it. */
export interface MockOperationSpec {
  parameters: MockParameter[];
  requestBody?: { content?: Record<string, MockMedia>; required?: boolean };
  responses: Record<string, MockResponseSpec>;
}

/**
 * The bundled document the mock answers from (`spec.json` of the generated client, which keeps
 * local `$ref`s): reads operations with their references followed.
 */
export class SpecDocument {
  readonly root: Loose;

  constructor(root: Loose) {
    this.root = root;
  }

  /**
   * The value a local reference names, following chains of references.
   *
   * @param ref - `#/components/schemas/Pet`.
   * @returns The value, or undefined when the reference leads nowhere.
   */
  resolve = (ref: string): SampleSchema | undefined => {
    let target: unknown = this.root;
    if (!ref.startsWith("#")) return undefined;
    for (const token of ref.slice(1).split("/").filter(Boolean)) {
      const key = decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
      if (target === null || typeof target !== "object" || !Object.hasOwn(target, key)) return undefined;
      target = (target as Loose)[key];
    }
    return target as SampleSchema;
  };

  /** `value`, or what its `$ref` names (after any chain of references). */
  follow<T>(value: T): T {
    let current: unknown = value;
    for (let hops = 0; hops < 32; hops++) {
      if (current === null || typeof current !== "object" || typeof (current as Loose).$ref !== "string")
        break;
      current = this.resolve((current as Loose).$ref as string);
    }
    return current as T;
  }

  /**
   * The operation at a path and method, with its parameters (the path's and its own) followed.
   *
   * @param path - The path template, e.g. `/pets/{petId}`.
   * @param method - `GET`, `POST`, …
   */
  operation(path: string, method: string): MockOperationSpec {
    const paths = (this.root.paths ?? {}) as Record<string, Loose>;
    const item = this.follow(paths[path] ?? {});
    const own = this.follow((item[method.toLowerCase()] ?? {}) as Loose);
    const parameters = new Map<string, MockParameter>();
    for (const raw of [...((item.parameters as unknown[]) ?? []), ...((own.parameters as unknown[]) ?? [])]) {
      const parameter = this.follow(raw) as MockParameter;
      parameters.set(`${parameter.in}:${parameter.name}`, parameter);
    }
    const requestBody = own.requestBody === undefined ? undefined : this.follow(own.requestBody as Loose);
    const responses: Record<string, MockResponseSpec> = {};
    for (const [status, response] of Object.entries((own.responses ?? {}) as Loose)) {
      responses[status] = this.follow(response as MockResponseSpec);
    }
    return {
      parameters: [...parameters.values()],
      ...(requestBody && { requestBody: requestBody as MockOperationSpec["requestBody"] }),
      responses,
    };
  }
}

/** The JSON media type of a content map (`application/json`, `application/problem+json`, …), else its first. */
export function jsonMedia(content: Record<string, MockMedia> | undefined): [string, MockMedia] | undefined {
  const entries = Object.entries(content ?? {});
  return (
    entries.find(([type]) => /^application\/([\w.-]+\+)?json\b/.test(type)) ??
    entries.find(([type]) => type.includes("json") || type === "*/*") ??
    entries[0]
  );
}
