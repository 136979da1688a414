// Needs chainkit alone; run it with tsx.
/**
 * Read a TON-style ledger through its indexer: transactions page by page, jetton transfers with the
 * address book, a wallet's get-method, and addresses in every form.
 *
 * 1. `createIndexerClient` takes the node URL and its credentials (`{ token }` in the path, or
 *    `{ username, password }` for basic auth).
 * 2. Every list endpoint has an async iterator named after it (`indexer.transactions(filter)`,
 *    `indexer.jettonTransfers(filter)`, …) that follows `limit`/`offset` pages of at most 1000 for you;
 *    `max` bounds it. Logical times, fees, balances and amounts come back as exact `bigint`s.
 * 3. Answers key addresses by raw form (`0:…`); `userFriendlyAddress(answer, address)` reads the
 *    user-friendly form from the answer's address book. Queries take any form.
 * 4. `runGetMethod` runs a contract's get-method on its latest state.
 * 5. Every request costs one request unit; `indexer.usage()` counts what the client spent.
 *
 * The example talks to chainkit's local sandbox: the one `chainkit sandbox --env` describes in
 * `CHAINKIT_*` variables, or one it starts. For a real node, pass its `details.https_endpoint` and
 * `details.auth_key` (or use `nodeAccess(node)` from `chainkit/platform`).
 */
import {
  createIndexerClient,
  parseTonAddress,
  toFriendlyAddress,
  userFriendlyAddress,
} from "chainkit/indexer";
import { sandboxEnv } from "./support/sandbox-env.js";

const env = await sandboxEnv();
try {
  const indexer = createIndexerClient({
    url: env.get("CHAINKIT_INDEXER_URL"),
    credentials: { token: env.get("CHAINKIT_NODE_TOKEN") },
  });

  // The masterchain head, and a wallet to follow: the receiver of the newest jetton transfer.
  const head = await indexer.getMasterchainInfo();
  console.log(`head: masterchain block ${head.last.seqno}, logical time ${head.last.end_lt}`);
  const page = await indexer.getJettonTransfers({ limit: 5 });
  const [latest] = page.jetton_transfers;
  if (!latest?.destination) throw new Error("the indexer has no jetton transfers yet");
  const wallet = userFriendlyAddress(page, latest.destination) ?? latest.destination;
  console.log(`${latest.amount} units of ${latest.jetton_master} went to ${wallet}`);

  // Its whole history, oldest first, page by page: balances chain from one transaction to the next.
  let count = 0;
  let balance = 0n;
  for await (const transaction of indexer.transactions({ account: wallet, sort: "asc" }, { max: 5_000 })) {
    count += 1;
    balance = transaction.account_state_after?.balance ?? balance;
  }
  console.log(`${count} transaction(s); balance now ${balance} nanotons`);

  // The wallet's seqno from its state, and the same wallet in its other forms.
  const { stack } = await indexer.runGetMethod({ address: wallet, method: "seqno" });
  console.log(`seqno ${BigInt(String(stack[0]?.value))}`); // numbers come as hex strings, "0x81"
  const parsed = parseTonAddress(wallet);
  console.log(`raw ${parsed.workchain}:…, bounceable ${toFriendlyAddress(parsed, { bounceable: true })}`);
  console.log("usage so far:", indexer.usage());
} finally {
  await env.close();
}
