import type { WalletOperations } from "../../../generated/wallet/client.js";
import type { UnsignedTransaction } from "../../../generated/wallet/types.js";
import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { CallOptions } from "../../runtime/operation.js";
import { positiveSun } from "../positive-sun.js";
import { convertAddress } from "../request-address.js";
import {
  type CheckedWriteOptions,
  sendCheckedWrite,
  signerOwner,
  type WriteResult,
} from "../transaction/checked-write.js";
import type { ExpectedField, ExpectedTransaction } from "../transaction/expected-transaction.js";
import type { WalletSigner } from "../transaction/wallet-signer.js";

/** The resources TRX can be staked for and lent: bandwidth (bytes of transactions) and energy (contract calls). */
export type StakeResource = "BANDWIDTH" | "ENERGY";

/** A stake or unstake: how many sun, for which resource. */
export interface StakeAmount {
  /** Sun (1 TRX = 1 000 000 sun), a positive `bigint` or safe integer; staking takes at least 1 TRX. */
  amount: bigint | number;
  resource: StakeResource;
}

/** A delegation or its end: the resource of how many staked sun, to or from which account. */
export interface Delegation extends StakeAmount {
  /** The account that gets (or got) the resource, `T…` or `41…`. */
  receiver: string;
}

/** A delegation that may be locked. */
export interface DelegateRequest extends Delegation {
  /** Blocks (3 s each) the owner gives up taking it back for; unlocked when absent or 0. */
  lockPeriod?: bigint | number;
}

/**
 * Stake 2.0 writes, each built by the node and checked field by field (contract type, owner,
 * amount, resource, receiver, lock) before the signer is called, as every wallet write is.
 */
export interface StakeWrites {
  /**
   * Stakes TRX for bandwidth or energy (`freezebalancev2`).
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * await wallet.stake.freeze({ amount: 1_000_000_000n, resource: "ENERGY" }, privateKeySigner(sandbox.credentials.walletPrivateKey));
   */
  freeze(request: StakeAmount, signer: WalletSigner, options?: CheckedWriteOptions): Promise<WriteResult>;
  /**
   * Unstakes: the TRX waits out the network's delay, then `withdraw` returns it (`unfreezebalancev2`).
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * await wallet.stake.unfreeze({ amount: 1_000_000n, resource: "ENERGY" }, privateKeySigner(sandbox.credentials.walletPrivateKey));
   */
  unfreeze(request: StakeAmount, signer: WalletSigner, options?: CheckedWriteOptions): Promise<WriteResult>;
  /**
   * Lends the resource of staked TRX to another account (`delegateresource`).
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * await wallet.stake.delegate({ receiver: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n, resource: "ENERGY" }, privateKeySigner(sandbox.credentials.walletPrivateKey));
   */
  delegate(
    request: DelegateRequest,
    signer: WalletSigner,
    options?: CheckedWriteOptions,
  ): Promise<WriteResult>;
  /**
   * Takes a lent resource back (`undelegateresource`).
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * await wallet.stake.undelegate({ receiver: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n, resource: "ENERGY" }, privateKeySigner(sandbox.credentials.walletPrivateKey));
   */
  undelegate(request: Delegation, signer: WalletSigner, options?: CheckedWriteOptions): Promise<WriteResult>;
  /**
   * Returns to the balance every unstaking whose delay has passed (`withdrawexpireunfreeze`).
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * await wallet.stake.withdraw(privateKeySigner(sandbox.credentials.walletPrivateKey));
   */
  withdraw(signer: WalletSigner, options?: CheckedWriteOptions): Promise<WriteResult>;
}

/** One Stake 2.0 write: its operation, its contract, and the fields the node must build. */
type StakeWrite =
  | { kind: "freeze"; request: StakeAmount }
  | { kind: "unfreeze"; request: StakeAmount }
  | { kind: "delegate"; request: DelegateRequest }
  | { kind: "undelegate"; request: Delegation }
  | { kind: "withdraw" };

const MAX_INT64 = 2n ** 63n - 1n;
const RESOURCES = new Set(["BANDWIDTH", "ENERGY"]);
const ADDRESS_RULE = "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits";

/**
 * Sends one Stake 2.0 write through the checked-write path: the node builds it, the signer is
 * called only when `raw_data_hex` holds exactly the asked contract (type 54–58) from the signer
 * with the asked amount, resource, receiver and lock, no fee limit and no memo.
 *
 * @param operations - The client's generated operations.
 * @param write - Which write, with its request.
 * @param signer - Signs the checked transaction.
 * @param options - Abort signal, timeout, expiration window.
 * @throws {RequestValidationError} before sending, naming `/amount`, `/resource`, `/receiver` or `/lockPeriod`.
 * @throws {TransactionMismatchError} when the node built something else; the signer is not called.
 * @throws {BroadcastError} when the node refuses to build or to take it, the reason in words.
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * // wallet.stake.freeze runs this:
 * await wallet.stake.freeze({ amount: 1_000_000n, resource: "BANDWIDTH" }, privateKeySigner(sandbox.credentials.walletPrivateKey));
 */
export async function sendStakeWrite(
  operations: WalletOperations,
  write: StakeWrite,
  signer: WalletSigner,
  options: CheckedWriteOptions = {},
): Promise<WriteResult> {
  const owner = signerOwner(signer);
  const { expected, body } = stakeContract(write, owner);
  const operation = OPERATIONS[write.kind];
  const build = async (callOptions: Pick<CallOptions, "signal" | "timeout">) =>
    (await (operations[operation] as (input: unknown, o?: CallOptions) => Promise<unknown>)(
      { owner_address: convertAddress(owner, true), ...body, visible: true },
      callOptions,
    )) as UnsignedTransaction;
  return sendCheckedWrite(operations, signer, { expected, build }, options);
}

const OPERATIONS = {
  freeze: "freezeBalanceV2",
  unfreeze: "unfreezeBalanceV2",
  delegate: "delegateResource",
  undelegate: "unDelegateResource",
  withdraw: "withdrawExpireUnfreeze",
} as const satisfies Record<StakeWrite["kind"], keyof WalletOperations>;

/** The request body the node gets and the contract it must build, checked before anything is sent. */
function stakeContract(
  write: StakeWrite,
  owner: string,
): { expected: ExpectedTransaction; body: Record<string, unknown> } {
  const ownerField: ExpectedField = {
    number: 1,
    json: "owner_address",
    what: "owner",
    kind: "address",
    value: owner,
  };
  if (write.kind === "withdraw") {
    return {
      expected: { contract: { type: 56n, name: "WithdrawExpireUnfreezeContract", fields: [ownerField] } },
      body: {},
    };
  }
  const issues: FieldIssue[] = [];
  const amount = positiveSun(write.request.amount);
  if (amount === undefined) {
    issues.push({
      pointer: "/amount",
      message: "must be a positive whole number of sun below 2^63 (a bigint, or a safe integer number)",
    });
  }
  const resource = write.request.resource;
  if (!RESOURCES.has(resource))
    issues.push({ pointer: "/resource", message: "must be one of: BANDWIDTH, ENERGY" });
  if (write.kind === "freeze" || write.kind === "unfreeze") {
    throwIf(write.kind, issues);
    const frozen = write.kind === "freeze";
    const json = frozen ? "frozen_balance" : "unfreeze_balance";
    return {
      expected: {
        contract: {
          type: frozen ? 54n : 55n,
          name: frozen ? "FreezeBalanceV2Contract" : "UnfreezeBalanceV2Contract",
          fields: [
            ownerField,
            {
              number: 2,
              json,
              what: frozen ? "amount staked" : "amount unstaked",
              kind: "int64",
              value: amount as bigint,
            },
            { number: 3, json: "resource", what: "resource", kind: "resource", value: resource },
          ],
        },
      },
      body: { [json]: amount, resource },
    };
  }
  const receiver = convertAddress(write.request.receiver, false);
  if (receiver === undefined) issues.push({ pointer: "/receiver", message: ADDRESS_RULE });
  const lockPeriod = write.kind === "delegate" ? lockBlocks(write.request.lockPeriod) : 0n;
  if (lockPeriod === undefined) {
    issues.push({
      pointer: "/lockPeriod",
      message: "must be a whole number of blocks from 0 to 2^63 - 1 (0 or absent: unlocked)",
    });
  }
  throwIf(write.kind, issues);
  const fields: ExpectedField[] = [
    ownerField,
    { number: 2, json: "resource", what: "resource", kind: "resource", value: resource },
    { number: 3, json: "balance", what: "amount lent", kind: "int64", value: amount as bigint },
    { number: 4, json: "receiver_address", what: "receiver", kind: "address", value: receiver as string },
  ];
  const body: Record<string, unknown> = {
    receiver_address: convertAddress(receiver, true),
    balance: amount,
    resource,
  };
  if (write.kind === "undelegate") {
    return { expected: { contract: { type: 58n, name: "UnDelegateResourceContract", fields } }, body };
  }
  const lock = (lockPeriod as bigint) > 0n;
  fields.push(
    { number: 5, json: "lock", what: "lock", kind: "bool", value: lock },
    { number: 6, json: "lock_period", what: "lock period", kind: "int64", value: lockPeriod as bigint },
  );
  return {
    expected: { contract: { type: 57n, name: "DelegateResourceContract", fields } },
    body: { ...body, lock, ...(lock && { lock_period: lockPeriod }) },
  };
}

function throwIf(kind: StakeWrite["kind"], issues: FieldIssue[]) {
  if (issues.length > 0) throw new RequestValidationError(`stake.${kind}`, issues);
}

function lockBlocks(value: bigint | number | undefined): bigint | undefined {
  if (value === undefined) return 0n;
  const blocks = typeof value === "bigint" ? value : Number.isSafeInteger(value) ? BigInt(value) : undefined;
  return blocks !== undefined && blocks >= 0n && blocks <= MAX_INT64 ? blocks : undefined;
}
