import { Address, beginCell, internal, storeMessage, storeMessageRelaxed } from "@ton/core";

/** What a v4 wallet request asks, for tests. */
export interface WalletTransfer {
  wallet: string;
  walletId: number;
  seqno: number;
  to: string;
  value: bigint;
  comment?: string;
  /** Unix time after which the wallet refuses the request (default: far in the future). */
  validUntil?: number;
}

/**
 * An external message to a v4 wallet asking it to send one internal message, built with @ton/core
 * as a wallet app builds it (the signature is zeros: the sandbox does not check signatures).
 *
 * @returns The message as a base64 BoC.
 */
export function walletTransferBoc(transfer: WalletTransfer): string {
  const out = internal({
    to: Address.parse(transfer.to),
    value: transfer.value,
    bounce: false,
    ...(transfer.comment !== undefined && { body: transfer.comment }),
  });
  const body = beginCell()
    .storeBuffer(Buffer.alloc(64))
    .storeUint(transfer.walletId, 32)
    .storeUint(transfer.validUntil ?? 4_000_000_000, 32)
    .storeUint(transfer.seqno, 32)
    .storeUint(0, 8)
    .storeUint(3, 8)
    .storeRef(beginCell().store(storeMessageRelaxed(out)))
    .endCell();
  const message = beginCell()
    .store(
      storeMessage({
        info: { type: "external-in", dest: Address.parse(transfer.wallet), importFee: 0n },
        body,
      }),
    )
    .endCell();
  return message.toBoc().toString("base64");
}
