import { ExchangeClient, HttpTransport } from "@nktkas/hyperliquid";
import { privateKeyToAccount } from "viem/accounts";

/** Places a resting bid on asset 4, cancels it, and sends 10 USDC to a friend. */
export async function run(baseUrl: string, key: `0x${string}`, friend: `0x${string}`) {
  const exchange = new ExchangeClient({
    transport: new HttpTransport({ apiUrl: baseUrl }),
    wallet: privateKeyToAccount(key),
  });
  const placed = await exchange.order({
    orders: [{ a: 4, b: true, p: "2900", s: "0.05", r: false, t: { limit: { tif: "Gtc" } } }],
    grouping: "na",
  });
  const status = placed.response.data.statuses[0];
  if (status && typeof status === "object" && "resting" in status) {
    await exchange.cancel({ cancels: [{ a: 4, o: status.resting.oid }] });
  }
  await exchange.usdSend({ destination: friend, amount: "10" });
}
