import type { DriftSpec } from "../toolkit/drift/index.js";
import { toolkitModule } from "./generator/load-generator.js";
import { PATTERN_OPTIONS, patternPolicyOf } from "./pattern-options.js";
import { REF_OPTIONS, refPolicyOf } from "./ref-options.js";
import { UsageError } from "./usage-error.js";

/** The options that name the spec to check against: a file, or one of chainkit's surfaces. */
export const SPEC_OPTIONS = {
  spec: { type: "string" },
  surface: { type: "string" },
  ...REF_OPTIONS,
  ...PATTERN_OPTIONS,
} as const;

/** The help lines of {@link SPEC_OPTIONS}. */
export const SPEC_OPTIONS_HELP = `  --spec <file>           the spec: any OpenAPI 2.0/3.x or OpenRPC file chainkit generate reads
  --surface <name>        or one of chainkit's own: evm, platform, exchange, wallet, indexer
  --allow-ref-root <dir>  let the spec's $refs read files under <dir> too (repeatable)
  --allow-ref-url <origin>
                          let the spec's $refs fetch from <origin> (repeatable)
  --allow-slow-pattern <pattern>
                          accept this pattern of the spec although it can backtrack
                          super-linearly (repeatable; by default such a spec is refused)`;

/** Loads the spec `--spec` or `--surface` names; a broken spec is said with its place and fix. */
export async function loadSpecOption(values: {
  spec?: string;
  surface?: string;
  "allow-ref-root"?: string[];
  "allow-ref-url"?: string[];
  "allow-slow-pattern"?: string[];
}): Promise<{ spec: DriftSpec; file?: string }> {
  if ((values.spec === undefined) === (values.surface === undefined)) {
    throw new UsageError("give the spec: --spec <file> or --surface <name>");
  }
  const drift = await toolkitModule("src/toolkit/drift/index.js");
  if (values.surface !== undefined) {
    if (!drift.OWN_SURFACES.includes(values.surface)) {
      throw new UsageError(`--surface ${values.surface}: use one of ${drift.OWN_SURFACES.join(", ")}`);
    }
    return { spec: await drift.loadDriftSpec({ surface: values.surface }) };
  }
  const file = values.spec as string;
  const spec = await drift
    .loadDriftSpec({
      spec: file,
      ...refPolicyOf(values),
      ...patternPolicyOf(values),
    })
    .catch(async (error: unknown) => {
      if (error instanceof Error && error.name === "SpecError") {
        const { describeSpecError } = await toolkitModule("scripts/generate/source-position.js");
        throw new Error(await describeSpecError(error as never, file));
      }
      throw error;
    });
  return { spec, file };
}
