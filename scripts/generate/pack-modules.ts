import type { ValidatorFiles, ValidatorGroup } from "./validators.js";

/** The one module of a surface whose operations all share it (`chainkit generate`'s one-module layout). */
export const SHARED_MODULE = "shared";

/** Joins a group's export name to its operation's: `getNode__path`. */
export function prefixed(group: string, name: string): string {
  return `${group}__${name}`;
}

/**
 * One group holding the exports of several operations (a pack, `operation-packs.ts`), so that the
 * checks they share are written once in their module. Each operation's part is then gathered into
 * one export named after it (see {@link packModule}).
 *
 * @param groups - One group per operation or method.
 * @param name - The pack's module name.
 */
export function mergeGroups(groups: readonly ValidatorGroup[], name: string): ValidatorGroup {
  return {
    name,
    entries: groups.flatMap((group) =>
      group.entries.map((entry) => ({ ...entry, exportName: prefixed(group.name, entry.exportName) })),
    ),
    maps: groups.flatMap((group) =>
      (group.maps ?? []).map((map) => ({
        ...map,
        exportName: prefixed(group.name, map.exportName),
        members: map.members.map((member) =>
          member.validator === undefined
            ? member
            : { ...member, validator: prefixed(group.name, member.validator) },
        ),
      })),
    ),
    data: groups.flatMap((group) =>
      (group.data ?? []).map((item) => ({ ...item, exportName: prefixed(group.name, item.exportName) })),
    ),
    imports: [...new Set(groups.flatMap((group) => group.imports ?? []))],
  };
}

/**
 * A pack's module with, per operation, the object its descriptor's loader picks
 * (`export const getNode = { path: getNode__path, responses: getNode__responses };`), the only
 * exports (the parts it gathers are module-local), and its declarations.
 *
 * @param built - The built module of the pack's merged group (from {@link mergeGroups}).
 * @param groups - The operations' own groups.
 * @param moduleType - `RestOperationValidators` or `RpcMethodValidators`.
 */
export function packModule(
  built: ValidatorFiles["modules"][number],
  groups: readonly ValidatorGroup[],
  moduleType: string,
): { js: string; dts: string } {
  // The parts each object gathers stay inside the module: a descriptor reads only its operation's
  // object, and a bundler keeps every export of a module loaded by import(), names and all.
  const parts = new Set<string>();
  const objects = groups.map((group) => {
    const gathered = new Set(
      (group.maps ?? []).flatMap((map) => map.members.map((member) => member.validator)),
    );
    const names = [
      ...group.entries.map((entry) => entry.exportName).filter((name) => !gathered.has(name)),
      ...(group.maps ?? []).map((map) => map.exportName),
      ...(group.data ?? []).map((item) => item.exportName),
    ];
    for (const name of names) parts.add(prefixed(group.name, name));
    const members = names.map((name) => `${name}: ${prefixed(group.name, name)}`).join(", ");
    return `export const ${group.name} = { ${members} };`;
  });
  const dts = [
    `import type { ${moduleType} } from "../../../src/runtime/operation.js";`,
    "",
    ...groups.map((group) => `export declare const ${group.name}: ${moduleType};`),
    "",
  ].join("\n");
  const js = built.js.replace(/^export const ([\w$]+) = /gm, (line, name: string) =>
    parts.has(name) ? `const ${name} = ` : line,
  );
  return { js: `${js}\n${objects.join("\n")}\n`, dts };
}
