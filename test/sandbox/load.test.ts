import { createEvmClient } from "chainkit/evm";
import { createExchangeClient } from "chainkit/exchange";
import { createIndexerClient } from "chainkit/indexer";
import { ChainkitError, createPlatformClient } from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SURFACES } from "../../scripts/generate/surfaces.js";

/** Calls in the run, and how many are in flight at once. */
const CALLS = 3000;
const IN_FLIGHT = 64;
/** A call still unsettled after this long counts as hung (far above any retry schedule below). */
const HANG_MS = 60_000;

const RETRY = { retries: 4, baseDelay: 1, maxDelay: 20 };
const FAULTS = { serverError: 0.04, rateLimit: 0.04, drop: 0.02, malformed: 0.01 };

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ nodeStartupMs: 0, platformPageSize: 100 });
});

afterAll(async () => {
  await sandbox?.close();
});

/** Mulberry32, so the mix of calls is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Outcome = { ok: true } | { ok: false; error: unknown };

describe("bounded load through the clients with faults on", () => {
  it(`settles ${CALLS} mixed calls: each with its own right answer or a typed error, none lost or repeated`, async () => {
    const credentials = { token: sandbox.credentials.nodeToken };
    const options = { retry: RETRY, timeout: 10_000 };
    const platform = createPlatformClient({
      baseUrl: sandbox.urls.platform,
      apiKey: sandbox.credentials.apiKey,
      ...options,
    });
    const evm = createEvmClient({ url: sandbox.urls.evm, credentials, ...options });
    const wallet = createWalletClient({ url: sandbox.urls.wallet, credentials, ...options });
    const indexer = createIndexerClient({ url: sandbox.urls.indexer, credentials, ...options });
    const exchange = createExchangeClient({
      baseUrl: sandbox.urls.exchange,
      privateKey: sandbox.credentials.exchangePrivateKey,
      network: "mainnet",
      ...options,
    });

    // Reference answers, read before the faults start.
    const actions = (await indexer.getActions({ limit: 1000 })).actions.map((action) => action.action_id);
    const assets = (
      await Promise.all(
        ["BitTorrent", "TRN", "SEED"].map((value) => wallet.getAssetIssueListByName({ value })),
      )
    ).flatMap((found) => found.assetIssue.map((asset) => asset.id as string));
    const head = Number.parseInt(await evm.eth_blockNumber(), 16);
    expect(actions.length).toBeGreaterThan(10);
    expect(assets.length).toBeGreaterThan(3);

    for (const { name } of SURFACES)
      if (name !== "evm") sandbox.setFaults(name, { ...FAULTS, seed: name.length });
    sandbox.setFaults("evm", { ...FAULTS, rpcRateLimit: 0.04, seed: 99 });

    const random = seeded(2024);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const createdNames: string[] = [];
    const calls: (() => Promise<void>)[] = [];
    for (let i = 0; i < CALLS; i++) {
      const roll = random();
      if (roll < 0.35) {
        const number = `0x${Math.floor(random() * (head + 1)).toString(16)}`;
        calls.push(async () => {
          const block = await evm.eth_getBlockByNumber(number, false);
          expect((block as { number: string }).number).toBe(number);
        });
      } else if (roll < 0.45) {
        calls.push(async () => expect(await evm.eth_chainId()).toBe("0x3e7"));
      } else if (roll < 0.62) {
        const id = pick(assets);
        calls.push(async () => expect((await wallet.getAssetIssueById({ value: id }))?.id).toBe(id));
      } else if (roll < 0.8) {
        const offset = Math.floor(random() * actions.length);
        calls.push(async () => {
          const page = await indexer.getActions({ limit: 1, offset });
          expect(page.actions.map((action) => action.action_id)).toEqual([actions[offset]]);
        });
      } else if (roll < 0.9) {
        calls.push(async () => expect((await platform.getOrganization()).id).toMatch(/^RG-/));
      } else if (roll < 0.95 && createdNames.length < 60) {
        const name = `load-${i}`;
        createdNames.push(name);
        calls.push(async () => {
          const node = await platform.createNode({
            name,
            network: "ton-mainnet",
            type: "dedicated",
            role: "peer",
            provider: "vzo",
            region: "eu3",
            configuration: {},
          });
          expect(node.name).toBe(name);
        });
      } else {
        calls.push(async () => {
          const { statuses } = await exchange.batchModify([
            { oid: 1, order: { a: 0, b: true, p: "1", s: "1", r: false, t: { limit: { tif: "Gtc" } } } },
          ]);
          expect(statuses).toEqual([{ error: "Cannot modify canceled or filled order" }]);
        });
      }
    }

    const outcomes: (Outcome | undefined)[] = new Array(CALLS);
    const settleCounts = new Array<number>(CALLS).fill(0);
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const index = next++;
        try {
          await (calls[index] as () => Promise<void>)();
          outcomes[index] = { ok: true };
        } catch (error) {
          outcomes[index] = { ok: false, error };
        }
        settleCounts[index] = (settleCounts[index] ?? 0) + 1;
      }
    };
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<"hung">((resolve) => {
      timer = setTimeout(() => resolve("hung"), HANG_MS);
    });
    const finished = await Promise.race([Promise.all(Array.from({ length: IN_FLIGHT }, worker)), hung]);
    clearTimeout(timer);
    const elapsed = performance.now() - started;
    for (const { name } of SURFACES) sandbox.setFaults(name, {});

    expect(finished, "some calls never settled").not.toBe("hung");
    expect(settleCounts.every((count) => count === 1)).toBe(true);
    const failures = outcomes.filter(
      (outcome): outcome is { ok: false; error: unknown } => outcome?.ok === false,
    );
    // Every failure is a typed error (a wrong answer would be an assertion error here, and is not allowed).
    for (const failure of failures) expect(failure.error).toBeInstanceOf(ChainkitError);

    // createNode is never retried, so a node exists exactly when its call succeeded.
    const listed = (await platform.listNodes({})).results.map((node) => node.name);
    const createdIndexes = createdNames.map((name) => Number(name.slice(5)));
    for (const [position, name] of createdNames.entries()) {
      const succeeded = outcomes[createdIndexes[position] as number]?.ok === true;
      expect(listed.filter((candidate) => candidate === name).length, name).toBe(succeeded ? 1 : 0);
    }

    const kinds = new Map<string, number>();
    for (const { error } of failures) {
      const kind = (error as Error).constructor.name;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const requests = SURFACES.reduce((sum, { name }) => sum + sandbox.requestCount(name), 0);
    console.info(
      `load: ${CALLS} calls (${createdNames.length} creates) over ${requests} requests in ${Math.round(elapsed)} ms;`,
      `${failures.length} typed errors: ${JSON.stringify(Object.fromEntries(kinds))}`,
    );
  }, 120_000);
});
