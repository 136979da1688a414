import type { RestOperation } from "../../runtime/operation.js";

/** What an operation does to the resources of a collection, where the spec makes it obvious. */
export type ResourceRole =
  | { kind: "create"; collection: string }
  | { kind: "list"; collection: string }
  | { kind: "read" | "replace" | "delete"; collection: string; idParam: string }
  | { kind: "replace-by-body"; collection: string };

/**
 * Reads the resource roles from the paths: a collection `C` with an item path `C/{id}` makes
 * `POST C` a create, `GET C` a list, `GET C/{id}` a read, `PUT`/`PATCH C/{id}` a replace and
 * `DELETE C/{id}` a delete; `PUT`/`PATCH C` (the petstore's update) replaces the item its body
 * names. Other operations have no role and answer from the spec alone.
 *
 * @param operations - The generated descriptors.
 * @returns The role of each operation that has one, by operationId.
 * @example
 * declare const petstoreOperations: Record<string, RestOperation>; // from a generated client
 * resourceRoles(petstoreOperations).get("getPetById"); // { kind: "read", collection: "/pet", idParam: "petId" }
 */
export function resourceRoles(
  operations: Readonly<Record<string, RestOperation>>,
): Map<string, ResourceRole> {
  const all = Object.values(operations);
  const itemPaths = new Map<string, string>(); // collection -> its item template's id parameter
  for (const operation of all) {
    const match = /^(.*)\/\{([^}/]+)\}\/?$/.exec(operation.path);
    if (match && match[1] !== "") itemPaths.set(match[1] as string, match[2] as string);
  }
  const roles = new Map<string, ResourceRole>();
  for (const operation of all) {
    const collectionPath = operation.path.replace(/\/$/, "");
    if (itemPaths.has(collectionPath)) {
      if (operation.method === "POST")
        roles.set(operation.id, { kind: "create", collection: collectionPath });
      else if (operation.method === "GET")
        roles.set(operation.id, { kind: "list", collection: collectionPath });
      else if (operation.method === "PUT" || operation.method === "PATCH") {
        roles.set(operation.id, { kind: "replace-by-body", collection: collectionPath });
      }
      continue;
    }
    const match = /^(.*)\/\{([^}/]+)\}\/?$/.exec(operation.path);
    if (!match || !itemPaths.has(match[1] as string)) continue;
    const collection = match[1] as string;
    const idParam = match[2] as string;
    if (operation.method === "GET") roles.set(operation.id, { kind: "read", collection, idParam });
    else if (operation.method === "DELETE") roles.set(operation.id, { kind: "delete", collection, idParam });
    else if (operation.method === "PUT" || operation.method === "PATCH") {
      roles.set(operation.id, { kind: "replace", collection, idParam });
    }
  }
  return roles;
}
