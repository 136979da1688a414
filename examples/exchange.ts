// Needs chainkit alone; run it with tsx.
/**
 * The order loop on the exchange: read the assets, place orders, see them, move them, cancel them,
 * let an API wallet trade for you, then trade spot, move money and read the account's history.
 *
 * 1. `createInfoClient` answers the queries of `POST /info` without a key: `assets()` (from `meta` and
 *    `spotMeta`) turns a coin's name into the asset index orders use, and knows each asset's
 *    decimals; `openOrders`, `orderStatus`, `userFills` and `clearinghouseState` show an account.
 * 2. `createExchangeClient` signs every action with your `signer` (a private key, a viem account or
 *    an ethers wallet; the key never leaves your process) and sends each signer's actions one after
 *    another, in nonce order.
 * 3. Prices and sizes are checked against the asset before signing; `roundPrice` and `roundSize` give
 *    the nearest allowed ones. Each order, cancel or modification succeeds or fails on its own, so
 *    read every status; a refusal of the whole request throws an `ExchangeError`.
 * 4. `approveAgent` lets another key (an API wallet, for a bot) sign orders for your account.
 * 5. Spot trades through the same `order` (asset 10000 + the pair's index, prices with up to
 *    8 − szDecimals decimals); `usdClassTransfer` moves USDC between the perp and spot balances,
 *    `usdSend` and `spotSend` pay another user, `withdraw3` leaves through the bridge. The ledger
 *    (`userNonFundingLedgerUpdates`) records every move, and `fillsByTime` reads a range of fills to
 *    its end, however many pages it takes.
 *
 * The example talks to chainkit's local sandbox, a small exchange with seeded books and a demo key: the
 * one `chainkit sandbox --env` describes in `CHAINKIT_*` variables, or one it starts.
 */
import {
  createExchangeClient,
  createInfoClient,
  ExchangeError,
  privateKeySigner,
  roundPrice,
  roundSize,
} from "chainkit/exchange";
import { sandboxEnv } from "./support/sandbox-env.js";

const env = await sandboxEnv();
try {
  const baseUrl = env.get("CHAINKIT_EXCHANGE_URL");
  const info = createInfoClient({ baseUrl });
  const exchange = createExchangeClient({
    baseUrl,
    signer: privateKeySigner(env.get("CHAINKIT_EXCHANGE_PRIVATE_KEY") as `0x${string}`),
    network: "mainnet",
  });
  const user = await exchange.getAddress(); // the curve loads here, not with the client

  // The asset's index and its rules come from meta; prices are rounded to what it allows.
  const assets = await info.assets();
  const eth = assets.get("ETH");
  if (!eth) throw new Error("the exchange lists no ETH");
  const mid = Number((await info.allMids()).ETH);
  const bid = {
    a: eth.index,
    b: true,
    p: roundPrice(mid * 0.97, eth),
    s: roundSize(0.05, eth),
    r: false,
    t: { limit: { tif: "Gtc" as const } },
  };
  const placed = await exchange.order([bid, { ...bid, p: roundPrice(mid * 0.96, eth) }], { grouping: "na" });
  console.log("placed:", JSON.stringify(placed.statuses));

  // Both rest on the book: move the first, cancel the second.
  const [newest, oldest] = await info.openOrders(user);
  if (!newest || !oldest) throw new Error("the orders did not rest");
  const moved = await exchange.batchModify([
    { oid: oldest.oid, order: { ...bid, p: roundPrice(mid * 0.98, eth) } },
  ]);
  console.log("moved:", JSON.stringify(moved.statuses));
  console.log(
    "cancelled:",
    JSON.stringify((await exchange.cancel([{ a: eth.index, o: newest.oid }])).statuses),
  );

  // Cancel whatever is still open one minute from now, unless this process says otherwise.
  await exchange.scheduleCancel({ time: Date.now() + 60_000 });

  // A bot with its own key trades for this account once approved.
  const bot = privateKeySigner(`0x${"b0".repeat(32)}`);
  await exchange.approveAgent({ agentAddress: await bot.getAddress(), agentName: "bot" });
  const agent = createExchangeClient({ baseUrl, signer: bot, network: "mainnet" });
  const bought = await agent.order([
    { ...bid, p: roundPrice(mid * 1.01, eth), t: { limit: { tif: "Ioc" } } },
  ]);
  console.log("the bot bought:", JSON.stringify(bought.statuses));
  console.log("fills:", (await info.userFills(user)).length);
  console.log("positions:", JSON.stringify((await info.clearinghouseState(user)).assetPositions));

  // Spot: move USDC from perp to spot, buy PURR with it, pay a friend, and read what moved.
  const since = Date.now();
  await exchange.usdClassTransfer({ amount: "200", toPerp: false });
  const purr = assets.get("PURR/USDC");
  if (!purr) throw new Error("the exchange lists no PURR/USDC");
  const purrAsk = Number((await info.l2Book("PURR/USDC")).levels[1][0]?.px);
  const spotBuy = await exchange.order([
    {
      a: purr.index,
      b: true,
      p: roundPrice(purrAsk * 1.01, purr),
      s: "100",
      r: false,
      t: { limit: { tif: "Ioc" } },
    },
  ]);
  console.log("spot buy:", JSON.stringify(spotBuy.statuses));
  console.log("spot balances:", JSON.stringify((await info.spotClearinghouseState(user)).balances));
  const friend = await privateKeySigner(`0x${"f1".repeat(32)}`).getAddress();
  await exchange.usdSend({ destination: friend, amount: "10" });
  for (const { delta } of await info.userNonFundingLedgerUpdates(user, { startTime: since })) {
    console.log("ledger:", delta.type, delta.usdc ?? delta.amount);
  }
  let fillCount = 0;
  for await (const fill of info.fillsByTime(user, { startTime: since - 3_600_000 })) {
    fillCount += fill.coin === "PURR/USDC" ? 1 : 0;
  }
  console.log("PURR/USDC fills in the last hour:", fillCount);

  try {
    await info.l2Book("eth"); // names are case-sensitive: refused with "did you mean ETH?"
  } catch (error) {
    console.error(`refused before sending: ${(error as Error).message}`);
  }
  try {
    await exchange.order([{ ...bid, p: "2950.123" }]);
  } catch (error) {
    console.error(`refused before signing: ${(error as Error).message}`);
  }
  try {
    await exchange.modify({ oid: 1, order: bid });
  } catch (error) {
    if (error instanceof ExchangeError) console.error(`refused by the exchange: ${error.serviceMessage}`);
    else throw error;
  }
} finally {
  await env.close();
}
