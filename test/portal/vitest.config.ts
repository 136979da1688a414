import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The portal runs in headless Chromium, apart from `npm test` (which needs no browser).
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/portal/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
