import { Transaction } from "micro-eth-signer";
import { EvmSignerError } from "../errors/evm-signer-error.js";
import type { EvmTransactionToSign, Hex } from "../signer/evm-signer.js";

const lower = (value: string | undefined) => (value ?? "").toLowerCase();

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
  let decoded: ReturnType<typeof Transaction.fromHex>;
  try {
    decoded = Transaction.fromHex(signed, false);
  } catch (cause) {
    throw new EvmSignerError("the signer returned bytes that are not a signed transaction", {
      field: "signTransaction",
      cause,
    });
  }
  const raw = decoded.raw as Record<string, unknown>;
  const expected: [string, unknown, unknown][] = [
    ["type", asked.type, decoded.type],
    ["chainId", BigInt(asked.chainId), raw.chainId],
    ["nonce", BigInt(asked.nonce), raw.nonce],
    ["to", lower(asked.to), lower(raw.to as string)],
    ["value", asked.value, raw.value],
    ["data", lower(asked.data).replace(/^0x/, ""), lower(raw.data as string).replace(/^0x/, "")],
    ["gas", asked.gas, raw.gasLimit],
    ["gasPrice", asked.type === "legacy" ? asked.gasPrice : undefined, raw.gasPrice],
    ["maxFeePerGas", asked.type === "eip1559" ? asked.maxFeePerGas : undefined, raw.maxFeePerGas],
    [
      "maxPriorityFeePerGas",
      asked.type === "eip1559" ? asked.maxPriorityFeePerGas : undefined,
      raw.maxPriorityFeePerGas,
    ],
    [
      "accessList",
      JSON.stringify(
        (asked.type === "eip1559" ? (asked.accessList ?? []) : []).map((e) => [
          lower(e.address),
          e.storageKeys.map(lower),
        ]),
      ),
      asked.type === "legacy"
        ? "[]"
        : JSON.stringify(
            ((raw.accessList ?? []) as { address: string; storageKeys: string[] }[]).map((e) => [
              lower(e.address),
              e.storageKeys.map(lower),
            ]),
          ),
    ],
  ];
  for (const [field, want, got] of expected) {
    if (want !== got) {
      throw new EvmSignerError(
        `the signer signed a transaction whose ${field} differs from the one asked for; nothing was sent`,
        {
          field,
        },
      );
    }
  }
  if (!decoded.verifySignature() || lower(decoded.sender) !== lower(sender)) {
    throw new EvmSignerError(
      `the transaction is not signed by the signer's address ${sender}; nothing was sent`,
      {
        field: "address",
      },
    );
  }
  return { hash: decoded.hash as Hex, raw: signed as Hex };
}
