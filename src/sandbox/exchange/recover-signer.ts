/**
 * The exchange's side of L1-action signing: rebuild the signed hash from the body as received and
 * recover who signed it. Written apart from the client's signing code (src/exchange) on purpose, so
 * a mistake in one is caught by the other.
 */
import { encode } from "@msgpack/msgpack";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/** The signed parts of a request body. */
export interface SignedAction {
  /** The action exactly as parsed from the JSON body (its key order is the order it was sent in). */
  action: unknown;
  nonce: number;
  vaultAddress?: string | null;
  expiresAfter?: number | null;
}

/** A signature as sent: hex `r` and `s` (leading zeros may be missing), `v` 27 or 28. */
export interface WireSignature {
  r: string;
  s: string;
  v: number;
}

function uint64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

/**
 * `keccak256(msgpack(action) ‖ uint64be(nonce) ‖ vault marker ‖ expiry)`, the `connectionId` the
 * signature covers.
 *
 * @param signed - The action, nonce, vault and expiry as received.
 * @returns The 32-byte connection id.
 * @example
 * bytesToHex(connectionId({ action: { type: "dummy", num: 100000000000 }, nonce: 0 }));
 */
export function connectionId(signed: SignedAction): Uint8Array {
  const parts = [encode(signed.action, { ignoreUndefined: true }), uint64(signed.nonce)];
  parts.push(
    signed.vaultAddress
      ? concatBytes(Uint8Array.of(1), hexToBytes(signed.vaultAddress.slice(2)))
      : Uint8Array.of(0),
  );
  if (signed.expiresAfter !== undefined && signed.expiresAfter !== null) {
    parts.push(Uint8Array.of(0), uint64(signed.expiresAfter));
  }
  return keccak_256(concatBytes(...parts));
}

const keccakText = (text: string) => keccak_256(utf8ToBytes(text));

const DOMAIN_SEPARATOR = keccak_256(
  concatBytes(
    keccakText("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
    keccakText("Exchange"),
    keccakText("1"),
    hexToBytes((1337).toString(16).padStart(64, "0")),
    new Uint8Array(32),
  ),
);

const AGENT_TYPE_HASH = keccakText("Agent(string source,bytes32 connectionId)");

/**
 * The EIP-712 digest of `Agent{source, connectionId}` in the exchange's domain (chainId 1337).
 *
 * @param id - The connection id.
 * @param source - `"a"` on mainnet, `"b"` on testnet.
 * @returns The 32-byte digest that was signed.
 */
export function agentDigest(id: Uint8Array, source: "a" | "b"): Uint8Array {
  const structHash = keccak_256(concatBytes(AGENT_TYPE_HASH, keccakText(source), id));
  return keccak_256(concatBytes(Uint8Array.of(0x19, 0x01), DOMAIN_SEPARATOR, structHash));
}

/**
 * Recovers the address that signed a digest.
 *
 * @param digest - The signed 32-byte digest.
 * @param signature - The wire signature.
 * @returns The lowercase `0x` address, or undefined when no key can have made the signature.
 * @example
 * const body = { action, nonce, signature: parseSignature(await signer.signTypedData(agentTypedData(actionHash({ action, nonce }), true))) };
 * recoverAddress(agentDigest(connectionId(body), "a"), body.signature); // the signer's address
 */
export function recoverAddress(digest: Uint8Array, signature: WireSignature): string | undefined {
  try {
    const sig = new secp256k1.Signature(BigInt(signature.r), BigInt(signature.s)).addRecoveryBit(
      signature.v - 27,
    );
    const publicKey = sig.recoverPublicKey(digest).toBytes(false);
    return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12))}`;
  } catch {
    return undefined;
  }
}

/** The EIP-712 types of the user-signed actions the sandbox takes: primary type and signed fields. */
const USER_SIGNED: Readonly<Record<string, { primaryType: string; fields: readonly [string, string][] }>> = {
  approveAgent: {
    primaryType: "HyperliquidTransaction:ApproveAgent",
    fields: [
      ["hyperliquidChain", "string"],
      ["agentAddress", "address"],
      ["agentName", "string"],
      ["nonce", "uint64"],
    ],
  },
  approveBuilderFee: {
    primaryType: "HyperliquidTransaction:ApproveBuilderFee",
    fields: [
      ["hyperliquidChain", "string"],
      ["maxFeeRate", "string"],
      ["builder", "address"],
      ["nonce", "uint64"],
    ],
  },
  usdSend: {
    primaryType: "HyperliquidTransaction:UsdSend",
    fields: [
      ["hyperliquidChain", "string"],
      ["destination", "string"],
      ["amount", "string"],
      ["time", "uint64"],
    ],
  },
  spotSend: {
    primaryType: "HyperliquidTransaction:SpotSend",
    fields: [
      ["hyperliquidChain", "string"],
      ["destination", "string"],
      ["token", "string"],
      ["amount", "string"],
      ["time", "uint64"],
    ],
  },
  withdraw3: {
    primaryType: "HyperliquidTransaction:Withdraw",
    fields: [
      ["hyperliquidChain", "string"],
      ["destination", "string"],
      ["amount", "string"],
      ["time", "uint64"],
    ],
  },
  usdClassTransfer: {
    primaryType: "HyperliquidTransaction:UsdClassTransfer",
    fields: [
      ["hyperliquidChain", "string"],
      ["amount", "string"],
      ["toPerp", "bool"],
      ["nonce", "uint64"],
    ],
  },
  sendAsset: {
    primaryType: "HyperliquidTransaction:SendAsset",
    fields: [
      ["hyperliquidChain", "string"],
      ["destination", "string"],
      ["sourceDex", "string"],
      ["destinationDex", "string"],
      ["token", "string"],
      ["amount", "string"],
      ["fromSubAccount", "string"],
      ["nonce", "uint64"],
    ],
  },
};

function word(value: bigint): Uint8Array {
  return hexToBytes(value.toString(16).padStart(64, "0"));
}

function encodeField(type: string, value: unknown): Uint8Array {
  if (type === "string") return keccakText(typeof value === "string" ? value : "");
  if (type === "address") return concatBytes(new Uint8Array(12), hexToBytes(String(value).slice(2)));
  if (type === "bool") return word(value === true ? 1n : 0n);
  return word(BigInt(value as number));
}

/**
 * The EIP-712 digest of a user-signed action: the action's fields as the message of its
 * `HyperliquidTransaction:<Action>` type, in the domain `HyperliquidSignTransaction` on the chain the
 * action names (`signatureChainId`). A field the action leaves out is signed as `""`.
 *
 * @param action - The action as received.
 * @returns The digest, or undefined for an action type the sandbox does not know.
 * @example
 * const action = { type: "approveAgent", signatureChainId: "0x66eee", hyperliquidChain: "Mainnet",
 *   agentAddress: address, agentName: "", nonce };
 * userSignedDigest(action); // 32 bytes, or undefined for a type the sandbox does not know
 */
export function userSignedDigest(action: Record<string, unknown>): Uint8Array | undefined {
  const type = USER_SIGNED[String(action.type)];
  if (!type) return undefined;
  const typeString = `${type.primaryType}(${type.fields.map(([name, kind]) => `${kind} ${name}`).join(",")})`;
  const struct = keccak_256(
    concatBytes(
      keccakText(typeString),
      ...type.fields.map(([name, kind]) => encodeField(kind, action[name] ?? "")),
    ),
  );
  const domain = keccak_256(
    concatBytes(
      keccakText("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
      keccakText("HyperliquidSignTransaction"),
      keccakText("1"),
      word(BigInt(String(action.signatureChainId))),
      new Uint8Array(32),
    ),
  );
  return keccak_256(concatBytes(Uint8Array.of(0x19, 0x01), domain, struct));
}
