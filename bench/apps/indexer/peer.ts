/** Reads the first page of an account's transactions, as JSON. */
export async function run(url: string, token: string, account: string) {
  const query = new URLSearchParams({ account, limit: "100" });
  const response = await fetch(`${url}/${token}/api/v3/transactions?${query}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as { transactions: unknown[] };
}
