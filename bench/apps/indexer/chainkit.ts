import { createIndexerClient } from "../../../src/indexer.js";

/** Reads the first page of an account's transactions, checked against the spec. */
export async function run(url: string, token: string, account: string) {
  const indexer = createIndexerClient({ url, credentials: { token } });
  return indexer.getTransactions({ account, limit: 100 });
}
