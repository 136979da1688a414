import { TronWeb } from "tronweb";

/** Reads a TRX balance, sends 1 TRX and 1 unit of a TRC-20 token. */
export async function run(url: string, token: string, key: string, to: string, usdt: string) {
  const tronWeb = new TronWeb({ fullHost: `${url}/${token}`, privateKey: key });
  const me = tronWeb.address.fromPrivateKey(key);
  const balance = await tronWeb.trx.getBalance(me || undefined);
  const paid = await tronWeb.trx.sendTransaction(to, 1_000_000);
  const contract = await tronWeb.contract().at(usdt);
  const sent = await contract.methods.transfer(to, 1).send({ feeLimit: 30_000_000 });
  return { balance, paid, sent };
}
