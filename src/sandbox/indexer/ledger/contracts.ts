import type { Cell } from "../boc/cell.js";
import { CellBuilder } from "../boc/cell-builder.js";
import type { AccountKind, LedgerAccount } from "./ledger-types.js";

/** What the indexer says about each kind of contract: its interfaces and how its address is shown. */
export const CONTRACT_FACTS: Readonly<Record<AccountKind, { interfaces: string[]; bounceable: boolean }>> = {
  wallet: { interfaces: ["wallet_v4r2"], bounceable: false },
  jetton_master: { interfaces: ["jetton_master"], bounceable: true },
  jetton_wallet: { interfaces: ["jetton_wallet"], bounceable: true },
  nft_collection: { interfaces: ["nft_collection"], bounceable: true },
  nft_item: { interfaces: ["nft_item"], bounceable: true },
};

/** The wallet type as `walletStates` names it, and as `walletInformation` writes it. */
export const WALLET_TYPE = { states: "wallet_v4r2", information: "wallet v4 r2" } as const;

/** The subwallet id every sandbox wallet uses (the common default of v3/v4 wallets on basechain). */
export const WALLET_ID = 698983191;

const codeCells = new Map<AccountKind, Cell>();

/**
 * The code cell of a kind of contract. The sandbox does not run TVM code: each kind's code is a
 * marker cell, so code hashes are real hashes of real cells and agree with `code_boc`.
 *
 * @example
 * codeCell("wallet").hashBase64();
 */
export function codeCell(kind: AccountKind): Cell {
  let cell = codeCells.get(kind);
  if (!cell) {
    cell = new CellBuilder().bytes(new TextEncoder().encode(`chainkit sandbox ${kind} code`)).build();
    codeCells.set(kind, cell);
  }
  return cell;
}

/** Off-chain content: the 0x01 prefix, then the URI of the JSON (TEP-64). */
function contentCell(uri: string): Cell {
  return new CellBuilder().uint(1, 8).bytes(new TextEncoder().encode(uri)).build();
}

/**
 * The content cell of a jetton master, NFT collection or NFT item.
 *
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [master] = [...ledger.accounts.values()].filter((a) => a.kind === "jetton_master");
 * if (master) contentOf(master).hashBase64();
 */
export function contentOf(account: LedgerAccount): Cell {
  const name = account.jettonMaster?.symbol ?? account.nftCollection?.name ?? account.nftItem?.name ?? "";
  const uri = `https://sandbox.chainkit.invalid/${account.kind}/${encodeURIComponent(name)}.json`;
  let cell = contentCells.get(uri);
  if (!cell) {
    cell = contentCell(uri);
    contentCells.set(uri, cell);
  }
  return cell;
}

/** Content cells by URI: they never change, and their hashes are reused. */
const contentCells = new Map<string, Cell>();

/**
 * The data cell of an account in its current state, laid out as the real contracts lay it out:
 * wallet v4 (seqno, subwallet id, public key, no plugins), jetton wallet (balance, owner, master,
 * wallet code), jetton master (supply, admin, content, wallet code), NFT collection (owner, next
 * index, content) and item (index, collection, owner, content).
 *
 * @param account - The account.
 * @returns Its data cell.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [wallet] = [...ledger.accounts.values()].filter((a) => a.kind === "wallet");
 * if (wallet) dataCell(wallet).hashBase64();
 */
export function dataCell(account: LedgerAccount): Cell {
  const data = new CellBuilder();
  if (account.wallet) {
    const { seqno, walletId, publicKey } = account.wallet;
    return data.uint(seqno, 32).uint(walletId, 32).bytes(publicKey).bit(0).build();
  }
  if (account.jettonWallet) {
    const { balance, owner, master } = account.jettonWallet;
    return data.coins(balance).address(owner).address(master).ref(codeCell("jetton_wallet")).build();
  }
  if (account.jettonMaster) {
    const { totalSupply, admin } = account.jettonMaster;
    return data
      .coins(totalSupply)
      .address(admin)
      .ref(contentOf(account))
      .ref(codeCell("jetton_wallet"))
      .build();
  }
  if (account.nftCollection) {
    const { owner, nextItemIndex } = account.nftCollection;
    return data.address(owner).uint(nextItemIndex, 64).ref(contentOf(account)).build();
  }
  if (account.nftItem) {
    const { index, collection, owner } = account.nftItem;
    return data.uint(index, 64).address(collection).address(owner).ref(contentOf(account)).build();
  }
  return data.build();
}

/**
 * The state init (code and data, TL-B `StateInit`) that deploys an account as it is now.
 *
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [jettonWallet] = [...ledger.accounts.values()].filter((a) => a.kind === "jetton_wallet");
 * if (jettonWallet) stateInit(jettonWallet).hashBase64();
 */
export function stateInit(account: LedgerAccount): Cell {
  return new CellBuilder()
    .bit(0)
    .bit(0)
    .bit(1)
    .ref(codeCell(account.kind))
    .bit(1)
    .ref(dataCell(account))
    .bit(0)
    .build();
}
