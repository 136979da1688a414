import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { addressOfPublicKey } from "../../runtime/signing/checksum-address.js";
import { type ParsedTransaction, parseSignedTransaction } from "../encoding/transaction-envelope.js";
import { EvmSignerError } from "../errors/evm-signer-error.js";
import type { EvmTransactionToSign, Hex } from "../signer/evm-signer.js";
import { bytesToHex, hexToBytes } from "../verify/hex.js";

const lower = (value: string | undefined) => (value ?? "").toLowerCase();
const HALF_ORDER = secp256k1.Point.Fn.ORDER >> 1n;

// The address whose key made the signature, or undefined when it recovers none or its s is high
// (EIP-2: a high-s twin of a valid signature is refused by nodes).
function signerOf(decoded: ParsedTransaction): string | undefined {
  const { yParity, r, s } = decoded.signature;
  if (r === 0n || s === 0n || r >= secp256k1.Point.Fn.ORDER || s > HALF_ORDER) return undefined;
  try {
    const signature = new secp256k1.Signature(r, s, yParity);
    const publicKey = signature.recoverPublicKey(keccak256(decoded.signingPayload)).toBytes(false);
    return addressOfPublicKey(publicKey);
  } catch {
    return undefined;
  }
}

function notSigned(cause: unknown): never {
  throw new EvmSignerError("the signer returned bytes that are not a signed transaction", {
    field: "signTransaction",
    cause,
  });
}

/**
 * Decodes what a signer returned and checks that it is the transaction chainkit asked it to sign,
 * signed by the sender: a signer (a hardware wallet, a remote one, a library's account) that changed
 * a field, or signed with another key, is caught here, before anything is sent.
 *
 * @param signed - The signer's answer.
 * @param asked - The transaction it was given.
 * @param sender - The address it claims.
 * @returns The signed transaction's hash and bytes as hex.
 * @throws {EvmSignerError} naming the field that differs.
 * @example
 * const me = privateKeySigner(key);
 * const asked = { type: "legacy", chainId: 999, nonce: 0, to: address, value: 1n, data: "0x", gas: 21_000n, gasPrice: 10n ** 9n } as const;
 * const { hash } = checkSigned(await me.signTransaction(asked), asked, me.address);
 */
export function checkSigned(
  signed: unknown,
  asked: EvmTransactionToSign,
  sender: string,
): { hash: Hex; raw: Hex } {
  if (typeof signed !== "string" || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signed)) {
    throw new EvmSignerError("the signer must return the signed transaction as 0x-prefixed hex bytes", {
      field: "signTransaction",
    });
  }
  const bytes = hexToBytes(signed, "transaction", "signTransaction");
  // An access-list, blob or set-code transaction (EIP-2930, 4844, 7702) is not the one asked for.
  if (bytes[0] === 0x01 || bytes[0] === 0x03 || bytes[0] === 0x04) differs("type");
  let decoded: ParsedTransaction;
  try {
    decoded = parseSignedTransaction(bytes);
  } catch (cause) {
    return notSigned(cause);
  }
  const expected: [string, unknown, unknown][] = [
    ["type", asked.type, decoded.type],
    ["chainId", BigInt(asked.chainId), decoded.chainId],
    ["nonce", BigInt(asked.nonce), decoded.nonce],
    ["to", lower(asked.to), lower(decoded.to)],
    ["value", asked.value, decoded.value],
    ["data", lower(asked.data), decoded.data],
    ["gas", asked.gas, decoded.gas],
    [
      "gasPrice",
      asked.type === "legacy" ? asked.gasPrice : undefined,
      decoded.type === "legacy" ? decoded.gasPrice : undefined,
    ],
    [
      "maxFeePerGas",
      asked.type === "eip1559" ? asked.maxFeePerGas : undefined,
      decoded.type === "eip1559" ? decoded.maxFeePerGas : undefined,
    ],
    [
      "maxPriorityFeePerGas",
      asked.type === "eip1559" ? asked.maxPriorityFeePerGas : undefined,
      decoded.type === "eip1559" ? decoded.maxPriorityFeePerGas : undefined,
    ],
    [
      "accessList",
      JSON.stringify(
        (asked.type === "eip1559" ? (asked.accessList ?? []) : []).map((e) => [
          lower(e.address),
          e.storageKeys.map(lower),
        ]),
      ),
      JSON.stringify(
        (decoded.type === "eip1559" ? (decoded.accessList ?? []) : []).map((e) => [e.address, e.storageKeys]),
      ),
    ],
  ];
  for (const [field, want, got] of expected) if (want !== got) differs(field);
  if (lower(signerOf(decoded)) !== lower(sender)) {
    throw new EvmSignerError(
      `the transaction is not signed by the signer's address ${sender}; nothing was sent`,
      {
        field: "address",
      },
    );
  }
  return { hash: bytesToHex(keccak256(bytes)) as Hex, raw: signed as Hex };
}

function differs(field: string): never {
  throw new EvmSignerError(
    `the signer signed a transaction whose ${field} differs from the one asked for; nothing was sent`,
    { field },
  );
}
