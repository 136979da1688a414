import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^chainkit\/sandbox$/, replacement: src("sandbox/index.ts") },
      { find: /^chainkit\/(platform|evm|exchange|wallet|indexer|grpc|viem)$/, replacement: src("$1.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/portal/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
