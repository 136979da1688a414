/**
 * Look up native asset tokens (TRC-10) on a TRON-style wallet node: search by name, then fetch by id.
 *
 * 1. `createWalletClient` takes the node URL and its credentials (`{ token }` in the path, or
 *    `{ username, password }` for basic auth).
 * 2. `getAssetIssueListByName` returns every token with that name (names are not unique) and an empty
 *    list when none matches. The client always sends `visible` explicitly, so the answer reads the same
 *    on every server: `true` gives plain-text names and `T…` addresses.
 * 3. `getAssetIssueById` fetches the one token an id names, or `null` when no token has that id.
 * 4. Amounts and times are 64-bit on the wire; chainkit hands them over as `bigint`, never rounded.
 *
 * The example talks to chainkit's local sandbox.
 */
import { startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";

const sandbox = await startSandbox();
try {
  const wallet = createWalletClient({
    url: sandbox.urls.wallet,
    credentials: { token: sandbox.credentials.nodeToken },
  });

  const { assetIssue } = await wallet.getAssetIssueListByName({ value: "SEED", visible: true });
  console.log(`${assetIssue.length} token(s) named SEED`);

  for (const token of assetIssue) {
    const exact = await wallet.getAssetIssueById({ value: token.id, visible: true });
    if (exact === null) continue; // the id is unknown (not possible here: it came from the node)
    console.log(`${exact.id} ${exact.name} by ${exact.owner_address}: total supply ${exact.total_supply}`);
  }
} finally {
  await sandbox.close();
}
