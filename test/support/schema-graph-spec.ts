/** A `$ref` to the component schema `name`. */
export const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * An OpenAPI 3.1 spec of one operation (`GET /a`, `getA`) answering the component schema `root`,
 * beside `schemas`: what tests of how the generator walks a graph of schemas build their graph into.
 */
export function schemaGraphSpec(title: string, schemas: Record<string, unknown>, root = "A0") {
  return {
    openapi: "3.1.0",
    info: { title, version: "1" },
    paths: {
      "/a": {
        get: {
          operationId: "getA",
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: componentRef(root) } } },
          },
        },
      },
    },
    components: { schemas },
  };
}
