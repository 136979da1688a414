/**
 * Modify resting orders on the exchange with one signed `batchModify` request.
 *
 * 1. A `signer` is anything with an address that can sign EIP-712 typed data: `privateKeySigner(key)`,
 *    a viem account or an ethers wallet. The key never leaves your process.
 * 2. `createExchangeClient` signs every action for the chosen network (`mainnet` or `testnet`) with a
 *    fresh millisecond nonce.
 * 3. `batchModify` changes several orders at once; each modification succeeds or fails on its own, so
 *    read every entry of `response.data.statuses`. A refusal of the whole request throws an
 *    `ExchangeError`.
 * 4. `actionHash` and `signL1Action` expose the signing steps, to check a signature by hand.
 *
 * The example talks to chainkit's local sandbox, whose demo key has orders resting already.
 */
import {
  actionHash,
  createExchangeClient,
  ExchangeError,
  privateKeySigner,
  signL1Action,
} from "chainkit/exchange";
import { startSandbox } from "chainkit/sandbox";

const sandbox = await startSandbox();
try {
  const signer = privateKeySigner(sandbox.credentials.exchangePrivateKey);
  const exchange = createExchangeClient({ baseUrl: sandbox.urls.exchange, signer, network: "mainnet" });
  const [first, second] = sandbox.fixtures.restingOids;
  if (first === undefined || second === undefined) throw new Error("the sandbox has no resting orders");

  try {
    const answer = await exchange.batchModify([
      {
        oid: first,
        order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } },
      },
      {
        oid: second,
        order: { a: 4, b: false, p: "3450.5", s: "0.1", r: false, t: { limit: { tif: "Alo" } } },
      },
    ]);
    console.log("statuses:", JSON.stringify(answer));
  } catch (error) {
    if (error instanceof ExchangeError) console.error(`refused: ${error.message}`);
    else throw error;
  }

  // The same signing steps by hand: the hash the signature covers, then the signature itself.
  const action = {
    type: "batchModify" as const,
    modifies: [
      {
        oid: first,
        order: { a: 0, b: true, p: "61000", s: "0.002", r: false, t: { limit: { tif: "Gtc" as const } } },
      },
    ],
  };
  const nonce = Date.now();
  console.log("connectionId", actionHash({ action, nonce }));
  const signature = await signL1Action({ signer, action, nonce, isMainnet: true });
  console.log("signature", signature);
} finally {
  await sandbox.close();
}
