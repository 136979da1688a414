import { pascalCase } from "./names.js";

/** The names of the types generated for one operation or method, shared by every emitter. */
export interface OperationTypeNames {
  pathParams: string;
  query: string;
  body: string;
  /** The success body (REST). */
  response: string;
  /** The params tuple (RPC). */
  params: string;
  /** The result (RPC). */
  result: string;
}

/** `getNode` → `GetNodePathParams`, `GetNodeQuery`, `GetNodeBody`, `GetNodeResponse`… */
export function operationTypeNames(id: string): OperationTypeNames {
  const base = pascalCase(id);
  return {
    pathParams: `${base}PathParams`,
    query: `${base}Query`,
    body: `${base}Body`,
    response: `${base}Response`,
    params: `${base}Params`,
    result: `${base}Result`,
  };
}

/** Export names in `validators.js` for one REST operation. */
export const restValidatorNames = {
  path: (id: string) => `${id}Path`,
  query: (id: string) => `${id}Query`,
  body: (id: string) => `${id}Body`,
  /** `200` → `Response200`, `4XX` → `Response4XX`, `default` → `ResponseDefault`. */
  response: (id: string, status: string) => `${id}Response${status === "default" ? "Default" : status}`,
};

/** Export names in `validators.js` for one JSON-RPC method. */
export const rpcValidatorNames = {
  params: (name: string) => `${name}Params`,
  result: (name: string) => `${name}Result`,
};
