/** Why a node refused a transaction, in words a user acts on. */
export type RefusalReason =
  | "balance too low"
  | "account not activated"
  | "bandwidth exhausted"
  | "energy exhausted"
  | "stake too low"
  | "delegation too low"
  | "expired"
  | "duplicate"
  | "bad signature"
  | "unknown reference block"
  | "fee limit out of range"
  | "no contract"
  | "node busy"
  | "refused";

/** The sentence each reason reads as, after "The node refused the transaction: ". */
const SENTENCES: Record<RefusalReason, string> = {
  "balance too low": "the sender's balance is too low for the amount and fees",
  "account not activated": "the account is not activated (it has never received TRX)",
  "bandwidth exhausted": "the sender has no bandwidth left and not enough TRX to burn for it",
  "energy exhausted": "the sender has no energy left and not enough TRX to burn for it",
  "stake too low":
    "the amount to delegate is more than the sender has staked for that resource and not yet delegated: delegate at most that (frozenV2 in getAccount), or stake more first with stake.freeze",
  "delegation too low":
    "the amount to undelegate is more than the sender delegated to that receiver for that resource, or part of it is still locked: undelegate at most what was delegated and is unlocked",
  expired: "the transaction expired before the node took it; build and sign it again",
  duplicate: "the node already has this transaction (it was sent before)",
  "bad signature": "the signature does not match the sender's permission",
  "unknown reference block": "the transaction references a block the node does not know",
  "fee limit out of range": "the fee limit is outside what the network allows",
  "no contract": "there is no contract at that address",
  "node busy": "the node is busy or not connected; try again",
  refused: "the node gave another reason (see serviceMessage)",
};

// java-tron's codes, then its messages (ContractValidateException texts), tried in this order.
const BY_CODE: Record<string, RefusalReason> = {
  DUP_TRANSACTION_ERROR: "duplicate",
  TRANSACTION_EXPIRATION_ERROR: "expired",
  SIGERROR: "bad signature",
  TAPOS_ERROR: "unknown reference block",
  BANDWITH_ERROR: "bandwidth exhausted",
  SERVER_BUSY: "node busy",
  NO_CONNECTION: "node busy",
  NOT_ENOUGH_EFFECTIVE_CONNECTION: "node busy",
};
const BY_MESSAGE: [RegExp, RefusalReason][] = [
  // Stake 2.0's refusals name the resource: read them before the resource words below.
  [/delegateBalance must be less than or equal to available Freeze/i, "stake too low"],
  [/insufficient delegatedFrozenBalance/i, "delegation too low"],
  [/balance is not sufficient|not enough balance|insufficient (fee|balance)/i, "balance too low"],
  [/no OwnerAccount|account (\S+ )?(does )?not exists?|not activated/i, "account not activated"],
  [/energy/i, "energy exhausted"],
  [/bandwidth|account resource insufficient/i, "bandwidth exhausted"],
  [/expired|expiration/i, "expired"],
  [/dup(licate)? trans/i, "duplicate"],
  [/feeLimit must be/i, "fee limit out of range"],
  [/No contract or not a valid smart contract/i, "no contract"],
];

/**
 * Reads a node's refusal (its code and decoded message) as a reason in words.
 *
 * @param code - The node's code, e.g. `CONTRACT_VALIDATE_ERROR`.
 * @param message - The node's message, as text.
 * @returns The reason and the sentence it reads as.
 * @example
 * refusalReason("CONTRACT_VALIDATE_ERROR", "Validate TransferContract error, balance is not sufficient.").reason; // "balance too low"
 */
export function refusalReason(
  code: string,
  message: string | undefined,
): { reason: RefusalReason; sentence: string } {
  const reason =
    BY_CODE[code] ?? BY_MESSAGE.find(([pattern]) => pattern.test(message ?? ""))?.[1] ?? "refused";
  return { reason, sentence: SENTENCES[reason] };
}

/**
 * The code a node's `{"Error": "class <exception> : <message>"}` answer stands for, and its message
 * without the class: a `ContractValidateException` is a `CONTRACT_VALIDATE_ERROR`, as the broadcast
 * of the same transaction would say.
 *
 * @example
 * nodeException("class org.tron.core.exception.ContractValidateException : Validate TransferContract error, balance is not sufficient.");
 * // { code: "CONTRACT_VALIDATE_ERROR", message: "Validate TransferContract error, balance is not sufficient." }
 */
export function nodeException(text: string): { code: string; message: string } {
  const match = /^class\s+\S*?([A-Za-z]+)Exception\s*:\s*([\s\S]*)$/.exec(text);
  if (!match) return { code: "OTHER_ERROR", message: text };
  const name = match[1] as string;
  const code =
    name === "ContractValidate"
      ? "CONTRACT_VALIDATE_ERROR"
      : name === "ContractExe"
        ? "CONTRACT_EXE_ERROR"
        : "OTHER_ERROR";
  return { code, message: (match[2] as string).trim() };
}
