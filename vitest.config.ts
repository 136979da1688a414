import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { packageEntries } from "./scripts/build/package-entries.js";

// Tests import `chainkit/<entry>` as users do, from the sources: every entry package.json exports.
const entries = packageEntries(fileURLToPath(new URL(".", import.meta.url)));

export default defineConfig({
  resolve: {
    alias: [...entries].map(([name, source]) => ({
      find: new RegExp(`^chainkit/${name}$`),
      replacement: source,
    })),
  },
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/portal/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
