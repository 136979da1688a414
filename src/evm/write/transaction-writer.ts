import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import type { EvmMethods } from "../../../generated/evm/index.js";
import { JsonRpcError } from "../../runtime/errors/json-rpc-error.js";
import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { checksumAddress } from "../../runtime/signing/checksum-address.js";
import { chainIdOf } from "../client/chain-id-pin.js";
import { CallRevertedError } from "../errors/call-reverted-error.js";
import { ChainMismatchError } from "../errors/chain-mismatch-error.js";
import { EvmSignerError } from "../errors/evm-signer-error.js";
import { TransactionHashMismatchError } from "../errors/transaction-hash-mismatch-error.js";
import { BIG_BLOCK_GAS_LIMIT, MEMPOOL_NONCE_WINDOW, SMALL_BLOCK_GAS_LIMIT } from "../limits.js";
import { toHex } from "../quantity.js";
import { decodeRevert, revertDataOf } from "../revert/decode-revert.js";
import type { EvmSigner, EvmTransactionToSign, Hex } from "../signer/evm-signer.js";
import { isPrivateKeySigner } from "../signer/own-signers.js";
import { type BlockKind, blockKindIssues } from "./block-kinds.js";
import { checkSigned } from "./check-signed.js";
import { createFeeReader } from "./fees.js";
import { createLimiter } from "./limiter.js";
import { createSenderQueue, type SenderQueue } from "./sender-queue.js";
import { sharedWhilePending } from "./shared-while-pending.js";
import {
  type EvmTransactionRequest,
  type NormalizedTransactionRequest,
  normalizedRequest,
  requestIssues,
} from "./transaction-request.js";
// Loaded by the client after its call path: importing it keeps their shared code in one chunk (why: evm-call-path.ts).
import "../client/evm-call-path.js";

/** The margin added to `eth_estimateGas`'s answer, in percent: state can change between estimate and block. */
export const GAS_ESTIMATE_MARGIN_PERCENT = 20n;

/**
 * How many of one sender's sends are prepared (gas estimated, fees read) at once: twice the nonce
 * window, so the next transactions are ready when the window opens, while a burst of thousands does
 * not ask the node for thousands of estimates at once (nor price them long before they can be sent).
 */
export const SENDS_PREPARED_AHEAD = 2 * MEMPOOL_NONCE_WINDOW;

/** Per-call options of `evm.sendTransaction`. */
export interface SendTransactionOptions {
  /** ABI whose custom errors decode a revert of the gas estimate. */
  abi?: readonly unknown[];
  /** The client's `feeCeiling` for this call: the most wei per gas the filled-in fees may reach. */
  feeCeiling?: bigint;
}

/** What a writer takes from its client's options. */
export interface TransactionWriterSettings {
  /** The chain the client is pinned to (its `chainId` or `network` option). */
  chainId?: number;
  /** The client's fee ceiling, in wei per gas (default: relative to the latest base fee). */
  feeCeiling?: bigint;
}

/** Sends a client's transactions: its chain id, fee reads and one nonce queue per sender. */
export interface TransactionWriter {
  send(request: EvmTransactionRequest, signer: EvmSigner, options?: SendTransactionOptions): Promise<Hex>;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * A node's quantity that goes into a transaction the signer takes as a number (the chain id, the
 * nonce), refused when a number cannot hold it exactly: signing a rounded value would sign another
 * transaction than the one the node's answer describes.
 */
function exactAsNumber(value: bigint, method: string, what: string): bigint {
  if (value <= BigInt(Number.MAX_SAFE_INTEGER)) return value;
  throw new ResponseValidationError(method, 200, [
    {
      pointer: "/result",
      message: `is ${what} above 2^53 - 1, which no chain uses: the node's answer is wrong (nothing was signed)`,
    },
  ]);
}

function checkSigner(signer: unknown): string {
  const candidate = signer as Partial<EvmSigner> | null;
  if (
    candidate === null ||
    typeof candidate !== "object" ||
    typeof candidate.signTransaction !== "function"
  ) {
    throw new EvmSignerError(
      "the signer must be an object with address and signTransaction (privateKeySigner(key), a viem account, …)",
      {
        field: "signTransaction",
      },
    );
  }
  if (typeof candidate.address !== "string" || !ADDRESS.test(candidate.address)) {
    throw new EvmSignerError("the signer's address must be 0x and 40 hex digits", { field: "address" });
  }
  return checksumAddress(candidate.address);
}

/**
 * Creates the write half of an EVM client. Loaded on the first send, so a client that only reads
 * never loads it (nor the signing, RLP and ABI code it brings).
 *
 * @param node - The client's typed methods.
 * @param settings - The client's pinned chain and fee ceiling.
 * @returns The writer.
 * @example
 * const writer = createTransactionWriter(evm);
 * const hash = await writer.send({ to: address, value: 1n }, privateKeySigner(key));
 */
export function createTransactionWriter(
  node: EvmMethods,
  settings: TransactionWriterSettings = {},
): TransactionWriter {
  let chainId: Promise<bigint> | undefined;
  const readChainId = () => {
    chainId ??= node
      .eth_chainId()
      .then(chainIdOf)
      .catch((error: unknown) => {
        chainId = undefined; // a failed read, or an answer that is no chain id, is tried again on the next send
        throw error;
      });
    return chainId;
  };
  const fees = createFeeReader(node);
  const blockKind = sharedWhilePending(
    async (sender: string): Promise<BlockKind> => ((await node.eth_usingBigBlocks(sender)) ? "big" : "small"),
  );
  const senders = new Map<string, { queue: SenderQueue; limit: ReturnType<typeof createLimiter> }>();
  const senderOf = (sender: string) => {
    let found = senders.get(sender.toLowerCase());
    if (!found) {
      found = {
        queue: createSenderQueue({
          minedCount: async () =>
            exactAsNumber(
              BigInt(await node.eth_getTransactionCount(sender, "latest")),
              "eth_getTransactionCount",
              "a transaction count",
            ),
        }),
        limit: createLimiter(SENDS_PREPARED_AHEAD),
      };
      senders.set(sender.toLowerCase(), found);
    }
    return found;
  };

  async function estimateGas(
    sender: string,
    request: NormalizedTransactionRequest,
    options: SendTransactionOptions,
  ) {
    try {
      const estimate = await node.eth_estimateGas({
        from: sender,
        ...(request.to !== undefined && { to: request.to }),
        ...(request.value !== undefined && { value: toHex(request.value) }),
        ...(request.data !== undefined && { input: request.data }),
      });
      return BigInt(estimate);
    } catch (error) {
      const data = error instanceof JsonRpcError && error.code === 3 ? revertDataOf(error.data) : undefined;
      if (error instanceof JsonRpcError && error.code === 3) {
        throw new CallRevertedError({
          method: "eth_estimateGas",
          reason: decodeRevert(data ?? "0x", options.abi),
          cause: error,
        });
      }
      throw error;
    }
  }

  /** The gas limit: the user's, or the estimate plus the margin, kept within the block kind's cap. */
  async function gasLimit(
    sender: string,
    kind: BlockKind,
    request: NormalizedTransactionRequest,
    options: SendTransactionOptions,
  ) {
    if (request.gas !== undefined) return { gas: request.gas, estimated: false };
    const estimate = await estimateGas(sender, request, options);
    const cap = kind === "big" ? BIG_BLOCK_GAS_LIMIT : SMALL_BLOCK_GAS_LIMIT;
    const padded = estimate + (estimate * GAS_ESTIMATE_MARGIN_PERCENT) / 100n;
    return { gas: estimate <= cap && padded > cap ? cap : padded, estimated: true };
  }

  return {
    async send(request, signer, options = {}) {
      const issues = [...requestIssues(request), ...settingIssues(request, options)];
      if (issues.length > 0) throw new RequestValidationError("sendTransaction", issues);
      const sender = checkSigner(signer);
      const { queue, limit } = senderOf(sender);
      return limit(() => prepareAndSend(normalizedRequest(request), signer, sender, queue, options));
    },
  };

  /** The per-call fee ceiling's shape, and a transaction pinned to another chain than its client. */
  function settingIssues(request: EvmTransactionRequest, options: SendTransactionOptions): FieldIssue[] {
    const issues: FieldIssue[] = [];
    const { feeCeiling } = options;
    if (feeCeiling !== undefined && (typeof feeCeiling !== "bigint" || feeCeiling < 0n)) {
      issues.push({
        pointer: "/options/feeCeiling",
        message: "must be a non-negative bigint, in wei per gas (e.g. 50n * 10n ** 9n)",
      });
    }
    const pinned = settings.chainId;
    if (pinned !== undefined && typeof request.chainId === "number" && request.chainId !== pinned) {
      issues.push({
        pointer: "/chainId",
        message: `is ${request.chainId}, but the client is pinned to chain ${pinned}: use a client for chain ${request.chainId}`,
      });
    }
    return issues;
  }

  async function prepareAndSend(
    request: NormalizedTransactionRequest,
    signer: EvmSigner,
    sender: string,
    queue: SenderQueue,
    options: SendTransactionOptions,
  ): Promise<Hex> {
    const type = request.type ?? (request.gasPrice !== undefined ? "legacy" : "eip1559");

    // The chain first (read once per client): nothing is estimated or priced on a foreign one. The
    // client's pin is checked on every eth_chainId answer; the transaction's own, here.
    const [nodeChainId, kind] = await Promise.all([readChainId(), blockKind(sender)]);
    if (request.chainId !== undefined && nodeChainId !== BigInt(request.chainId)) {
      throw new ChainMismatchError({ expected: request.chainId, actual: nodeChainId, option: "/chainId" });
    }
    const id = Number(exactAsNumber(nodeChainId, "eth_chainId", "a chain id"));
    const [gas, filled] = await Promise.all([
      gasLimit(sender, kind, request, options),
      fees.fill(type, kind, request, options.feeCeiling ?? settings.feeCeiling),
    ]);
    const capIssues = blockKindIssues(gas.gas, kind, sender, gas.estimated);
    if (capIssues.length > 0) throw new RequestValidationError("sendTransaction", capIssues);

    const build = (nonce: bigint): EvmTransactionToSign => {
      const fields = {
        chainId: id,
        nonce: Number(nonce),
        ...(request.to !== undefined && { to: request.to }),
        value: request.value ?? 0n,
        data: request.data ?? "0x",
        gas: gas.gas,
      } as const;
      if (filled.type === "legacy") return { ...fields, type: "legacy", gasPrice: filled.gasPrice };
      return {
        ...fields,
        type: "eip1559",
        maxFeePerGas: filled.maxFeePerGas,
        maxPriorityFeePerGas: filled.maxPriorityFeePerGas,
        ...(request.accessList !== undefined && {
          accessList: request.accessList.map(({ address, storageKeys }) => ({
            address,
            storageKeys: [...storageKeys],
          })),
        }),
      };
    };
    const signAndSend = async (nonce: bigint) => {
      const transaction = build(nonce);
      const signed = await signer.signTransaction(transaction);
      // Any other signer's answer is decoded and compared with what it was asked to sign.
      const raw = isPrivateKeySigner(signer) ? (signed as Hex) : checkSigned(signed, transaction, sender).raw;
      // The hash is the signed bytes' (typed ones included: keccak of type ‖ rlp), never the node's say.
      const hash: Hex = `0x${bytesToHex(keccak_256(hexToBytes(raw.slice(2))))}`;
      const answered = await node.eth_sendRawTransaction(raw);
      if (typeof answered !== "string" || answered.toLowerCase() !== hash) {
        // Only a hash is shown: any other text of the node's could echo what it should not.
        const shown =
          typeof answered === "string" && HASH.test(answered) ? answered : "(not a transaction hash)";
        // Returned, not thrown: the node took the bytes, so the nonce counts as spent in the queue.
        return { refused: new TransactionHashMismatchError({ transactionHash: hash, answered: shown }) };
      }
      return { hash };
    };
    const outcome =
      request.nonce !== undefined ? await signAndSend(BigInt(request.nonce)) : await queue.run(signAndSend);
    if ("refused" in outcome) throw outcome.refused;
    return outcome.hash;
  }
}
