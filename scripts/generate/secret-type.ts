/** The runtime type an `x-secret: true` string has in generated types: shown as `***`, read with `.reveal()`. */
export const SECRET_TYPE = "Secret";

/** The import a generated `types.ts` needs when it names {@link SECRET_TYPE}. */
export const SECRET_IMPORT = `import type { ${SECRET_TYPE} } from "../../src/runtime/credentials/secret.js";`;
