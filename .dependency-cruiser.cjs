// What may import what: the rooms of ARCHITECTURE.md, checked by `npm run lint`.
// Type-only imports count too (tsPreCompilationDeps): a type from another room is still an arrow.
// Each rule's comment is what dependency-cruiser prints when the rule fires.

// The surfaces, each a room of its own: the names declared in scripts/generate/surfaces.ts (SURFACES
// and SURFACES_WITHOUT_SPEC). A config cannot import TypeScript, so the list is repeated here and
// test/architecture/surface-lists.test.ts fails, naming the line to write, when the two differ.
const SURFACES = "platform|exchange|evm|wallet|indexer|grpc";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment:
        "Imports go one way; a cycle (type-only imports aside) makes load order matter and splits badly. Move the shared part down.",
      from: { path: "^(src|generated|scripts)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "runtime-knows-no-surface",
      severity: "error",
      comment:
        "src/runtime serves every surface and knows none: it may import only itself and packages. Pass what it needs in (a descriptor, a callback) instead.",
      from: { path: "^src/runtime(/|\\.ts$)" },
      to: { path: "^(src/|generated/|scripts/|test/|bench/)", pathNot: "^src/runtime(/|\\.ts$)" },
    },
    {
      name: "generated-imports-only-runtime",
      severity: "error",
      comment:
        "Generated code imports its own surface's files and src/runtime, nothing else: hand code wraps generated code, never the other way.",
      from: { path: "^generated/([^/]+)/" },
      to: { path: "^(src/|generated/|scripts/)", pathNot: ["^generated/$1/", "^src/runtime/"] },
    },
    {
      name: "surfaces-side-by-side",
      severity: "error",
      comment:
        "A surface imports the runtime and its own generated code, never another surface: share through src/runtime.",
      from: { path: `^src/(${SURFACES})(/|\\.ts$)` },
      to: {
        path: `^(src/(${SURFACES}|viem)(/|\\.ts$)|generated/)`,
        pathNot: ["^src/$1(/|\\.ts$)", "^generated/$1/"],
      },
    },
    {
      name: "viem-adapter-over-evm-only",
      severity: "error",
      comment:
        "chainkit/viem adapts the EVM surface to viem: it may use src/evm and generated/evm, no other surface.",
      from: { path: "^src/viem(/|\\.ts$)" },
      to: {
        path: `^(src/(${SURFACES})(/|\\.ts$)|generated/)`,
        pathNot: ["^src/evm(/|\\.ts$)", "^generated/evm/"],
      },
    },
    {
      name: "sandbox-and-cli-on-top",
      severity: "error",
      comment:
        "The sandbox, the toolkit and the CLI sit on top: nothing below them (runtime, surfaces, generated code) imports them.",
      from: { path: `^(src/(runtime|viem|${SURFACES})(/|\\.ts$)|generated/)` },
      to: { path: "^src/(sandbox|cli|toolkit)/" },
    },
    {
      name: "sandbox-below-cli",
      severity: "error",
      comment: "The CLI starts the sandbox, never the reverse.",
      from: { path: "^src/(sandbox|toolkit)/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "library-loads-no-generator",
      severity: "error",
      comment:
        "Only the CLI and the toolkit load the generator (lazily): a client import must never reach ts-morph or openapi-typescript.",
      from: { path: "^(src/(?!cli/|toolkit/)|generated/)" },
      to: { path: "^scripts/" },
    },
    {
      name: "generator-builds-no-runtime-state",
      severity: "error",
      comment:
        "The generator reads specs and writes files; it may share pure helpers with the runtime but never imports a surface, the sandbox or the CLI.",
      // main.ts is `npm run generate` itself, a driver on top: it prints what a spec edit does (src/toolkit/diff).
      from: { path: "^scripts/generate/", pathNot: "^scripts/generate/main\\.ts$" },
      to: { path: `^src/(${SURFACES}|viem|sandbox|cli|toolkit)(/|\\.ts$)` },
    },
    {
      name: "shipped-code-imports-no-tests",
      severity: "error",
      comment: "Shipped code never imports tests, benchmarks or fixtures.",
      from: { path: "^(src|generated|scripts)/" },
      to: { path: "^(test|bench)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/|^dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".d.ts", ".json"] },
  },
};
