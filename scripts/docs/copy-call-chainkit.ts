/**
 * The chainkit client's call of each operation of chainkit's own surfaces, as a whole module a reader
 * can paste: the import, the client made with placeholder credentials, and the generator's example
 * call (read from `generated/<surface>/client.ts`, so it is the call the client really has).
 * `npm run check:examples` compiles every one of them (`portalCallExamples`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pascalCase } from "../generate/names.js";
import { clientCalls } from "./client-calls.js";
import { actionCall, infoCall } from "./copy-call-exchange.js";
import { CALL_PLACEHOLDERS, type CallRequest } from "./copy-call-requests.js";
import type { SpecSurface } from "./surfaces.js";

/** A private key placeholder that still has the `0x…` type the exchange client asks for. */
const PRIVATE_KEY_PLACEHOLDER = "0xYOUR_PRIVATE_KEY";

/**
 * The chainkit call of each operation of one of chainkit's surfaces, keyed like {@link callRequests}.
 *
 * @param root - Repository root (holds `generated/`).
 * @param surface - One of chainkit's spec surfaces.
 * @param requests - The surface's requests (the exchange's calls are made from their bodies).
 * @returns Module source per operation; an operation the client has no example for is left out.
 * @example chainkitCalls(root, SPEC_SURFACES[0], callRequests(spec)).get("GET /v1/organization/")
 */
export function chainkitCalls(
  root: string,
  surface: SpecSurface,
  requests: ReadonlyMap<string, CallRequest>,
): Map<string, string> {
  const file = join(root, "generated", surface.id, "client.ts");
  const calls = new Map<string, string>();
  if (!existsSync(file)) return calls;
  for (const [key, call] of clientCalls(readFileSync(file, "utf8"))) {
    if (surface.id === "exchange") {
      const body = requests.get(key)?.body;
      const baseUrl = "service" in surface.baseUrl ? surface.baseUrl.service : "";
      if (key.startsWith("POST /exchange#"))
        calls.set(key, exchangeModule(baseUrl, actionCall(call.member, body)));
      else if (key.startsWith("POST /info#"))
        calls.set(key, infoModule(baseUrl, infoCall(call.member, body)));
      continue;
    }
    if (call.example === undefined || WALLET_ELSEWHERE.has(call.member)) continue;
    calls.set(key, `${clientSetup(surface)}\n${walletAdjusted(call.member, call.example)}`);
  }
  return calls;
}

/**
 * Wallet operations the client reaches as a helper rather than a method of their own: the stake
 * writes are `wallet.stake.*` (built, checked and signed in one call), listed in the helpers reference.
 */
export const WALLET_ELSEWHERE: ReadonlyMap<string, string> = new Map([
  ["freezeBalanceV2", "wallet.stake.freeze"],
  ["unfreezeBalanceV2", "wallet.stake.unfreeze"],
  ["delegateResource", "wallet.stake.delegate"],
  ["unDelegateResource", "wallet.stake.undelegate"],
  ["withdrawExpireUnfreeze", "wallet.stake.withdraw"],
]);

/**
 * The wallet client reads the solidified block with the same method and `{ confirmed: true }`
 * (`getAccountSolidity` is `getAccount(query, { confirmed: true })`), and `getChainParameters` takes
 * no query.
 */
function walletAdjusted(member: string, example: string): string {
  if (member === "getChainParameters")
    return example.replace(/getChainParameters\([^)]*\)/, "getChainParameters()");
  if (!member.endsWith("Solidity")) return example;
  const read = member.slice(0, -"Solidity".length);
  const lines = example.replace(`.${member}(`, `.${read}(`).split("\n");
  // The call's last line (result comments may follow it).
  const end = lines.findIndex((line) => line.endsWith(");"));
  const line = lines[end] ?? "";
  const empty = line.endsWith("();");
  lines[end] = `${line.slice(0, -2)}${empty ? "undefined" : ""}, { confirmed: true });`;
  return lines.join("\n");
}

function clientSetup(surface: SpecSurface): string {
  const factory = `create${pascalCase(surface.id)}Client`;
  const options =
    "node" in surface.baseUrl
      ? `{\n  url: ${JSON.stringify(CALL_PLACEHOLDERS.nodeUrl)},\n  credentials: { token: ${JSON.stringify(CALL_PLACEHOLDERS.token)} }, // or { username, password }\n}`
      : `{ apiKey: ${JSON.stringify(CALL_PLACEHOLDERS.apiKey)} }`;
  return `import { ${factory} } from ${JSON.stringify(surface.entry)};\n\nconst ${surface.id} = ${factory}(${options});`;
}

function exchangeModule(baseUrl: string, call: string): string {
  return `import { createExchangeClient } from "chainkit/exchange";

// Signs each action with EIP-712 and numbers it with a fresh nonce (the key stays on this machine).
const exchange = createExchangeClient({
  baseUrl: ${JSON.stringify(baseUrl)},
  privateKey: ${JSON.stringify(PRIVATE_KEY_PLACEHOLDER)}, // or signer: a viem account, an ethers wallet
  network: "mainnet",
});
${call}`;
}

function infoModule(baseUrl: string, call: string): string {
  return `import { createInfoClient } from "chainkit/exchange";

const info = createInfoClient({ baseUrl: ${JSON.stringify(baseUrl)} });
${call}`;
}
