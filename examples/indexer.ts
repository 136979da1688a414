/**
 * Read decoded actions (transfers, swaps, deploys, …) of an account from a TON-style indexer.
 *
 * 1. `createIndexerClient` takes the node URL and its credentials (`{ token }` in the path, or
 *    `{ username, password }` for basic auth).
 * 2. `getActions` returns one page of actions with an address book; filter by account, transaction,
 *    trace, type or time range, and page with `offset` and `limit` (at most 1000).
 * 3. `indexer.actions(query)` is an async iterator that follows the pages for you.
 * 4. Every request costs one request unit; `indexer.usage()` counts what the client spent.
 *
 * The example talks to chainkit's local sandbox.
 */
import { createIndexerClient } from "chainkit/indexer";
import { startSandbox } from "chainkit/sandbox";

const sandbox = await startSandbox();
try {
  const indexer = createIndexerClient({
    url: sandbox.urls.indexer,
    credentials: { token: sandbox.credentials.nodeToken },
  });

  // The newest actions of the whole ledger, then every action of one account they involve.
  const recent = await indexer.getActions({ limit: 10 });
  console.log(`${recent.actions.length} recent action(s)`);
  // The address book maps every raw address in the answer to its user-friendly form.
  const [account, entry] = Object.entries(recent.address_book)[0] ?? [];
  if (account === undefined) throw new Error("the indexer has no actions yet");

  let count = 0;
  for await (const action of indexer.actions({ account })) {
    count += 1;
    if (count <= 3) console.log(`${action.type} in trace ${action.trace_id}`);
  }
  console.log(
    `${count} action(s) involve ${entry?.user_friendly ?? account}; usage so far:`,
    indexer.usage(),
  );
} finally {
  await sandbox.close();
}
