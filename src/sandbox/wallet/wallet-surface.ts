import { randomBytes } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { walletOperations } from "../../../generated/wallet/operations.js";
import { toBase58Address } from "../../wallet/address.js";
import { textToHex } from "../../wallet/hex-text.js";
import { convertAddress } from "../../wallet/request-address.js";
import type { SandboxRequest, SandboxResponse, SurfaceHandler } from "../surface.js";
import { RestContract, type RestInput } from "../validation.js";
import { chainParameters } from "./chain-parameters.js";
import { DEFAULT_ASSETS } from "./default-assets.js";
import { decodeNodeHex } from "./node-hex.js";
import {
  renderAccount,
  renderAccountNet,
  renderAccountResource,
  renderBlock,
  renderInfo,
  renderRaw,
  renderTransaction,
} from "./render-chain.js";
import { contractJson, parseContractJson, type SandboxContract, storedContract } from "./sandbox-contract.js";
import { SandboxTrc20 } from "./sandbox-trc20.js";
import { chainAddressOf } from "./signature-check.js";
import type { ResourceName, StakeContract } from "./stake-contract.js";
import { type Tampered, tamper, type WalletTamper } from "./tamper.js";
import { TOKEN_ABI } from "./token-abi.js";
import { renderAsset, type TronAsset } from "./tron-asset.js";
import {
  type AccountState,
  newAccount,
  type StoredBlock,
  type StoredTransaction,
  sealTransaction,
  TronLedger,
} from "./tron-ledger.js";
import type { StoredRaw } from "./tron-protobuf.js";

/** Options of {@link createWalletSurface}. */
export interface WalletSurfaceOptions {
  /** The tokens the node knows (default {@link DEFAULT_ASSETS}: BTT, two TRN, two SEED, one UTF-8 name). */
  assets?: readonly TronAsset[];
  /** Milliseconds between blocks (default 3000, as on TRON); 0 produces blocks only on demand. */
  blockIntervalMs?: number;
  /** Private key of the funded demo account (64 hex digits; default: a random one). */
  demoPrivateKey?: string;
  /**
   * How long unstaked TRX waits before `withdrawexpireunfreeze` returns it, in milliseconds (default
   * 60 000). The network waits 14 days; the sandbox shortens it so a test can unstake and withdraw.
   */
  unfreezeDelayMs?: number;
  /**
   * Addresses (`T…` or `41…`) the demo account pays on every timed block: TRX, TRC-10 (SEED) and the
   * TRC-20 token in turn, a few units each, to each address in turn. Needs `blockIntervalMs` above 0;
   * default none, so a test's chain holds only what it sends.
   */
  paymentsTo?: readonly string[];
}

/** The funded demo account. */
export interface WalletDemo {
  /** 64 hex digits. Sandbox-only. */
  privateKey: string;
  /** Base58Check `T…`. */
  address: string;
}

/** A wallet node surface: its handler, the demo account, and controls for tests. */
export interface WalletSurface {
  handler: SurfaceHandler;
  /** The tokens served, as stored (text fields as text, int64 as `bigint`). */
  assets: readonly TronAsset[];
  demo: WalletDemo;
  /** The TRC-20 token contract, Base58Check `T…`. */
  trc20Address: string;
  /** Produces a block now, with the transactions broadcast so far. */
  produceBlock(): { number: bigint; id: string };
  /**
   * Produces a block with the next timed payment to `paymentsTo` in it (what each timed block
   * carries), for tests and benches that make blocks on demand.
   */
  producePaymentBlock(): { number: bigint; id: string };
  /** Makes every transaction the node builds from now on differ from the request (`undefined`: honest again). */
  setTamper(kind: WalletTamper | undefined): void;
  /** Stops the block timer. */
  close(): Promise<void>;
}

/** Sandbox-only starting balances of the demo account. */
const DEMO_FUNDS = {
  /** 10 000 TRX. */
  sun: 10_000_000_000n,
  /** 1000 TRN (token 1005416, 6 decimals) and some SEED (1009001). */
  assets: new Map([
    ["1005416", 1_000_000_000n],
    ["1009001", 5_000_000n],
  ]),
  /** TRC-20 units, above 2^53 so a lossy reader shows. */
  trc20: 123_456_789_012_345_678_901n,
};

/** java-tron's answer (at HTTP 200) to `visible: false` with a `value` that is not hex. */
const BAD_HEX_ERROR = {
  Error:
    "class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string",
};
const ZERO_ADDRESS = `41${"0".repeat(40)}`;
const encoder = new TextEncoder();

/** A java-tron `{"Error": "<class> : <message>"}` body, at HTTP 200. */
const nodeError = (className: string, message: string): SandboxResponse => ({
  status: 200,
  body: { Error: `class ${className} : ${message}` },
});
const ok = (body: unknown): SandboxResponse => ({ status: 200, body });
/** A message field the node prints as hex of the text with `visible: false`. */
const message = (text: string, visible: boolean) => (visible ? text : textToHex(text));

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/**
 * Builds the wallet node surface: a small TRON ledger (see {@link TronLedger}) behind every operation
 * of the wallet spec, on `/wallet/...` (head) and `/walletsolidity/...` (solidified). It answers as a
 * java-tron node does: `visible` selects `T…` addresses and text or `41…` hex (a missing flag is
 * false), `{}` when nothing is found, `{"Error": …}` at HTTP 200 for requests it refuses, broadcast
 * refusals with `code` and `message`. Every answer is checked against the wallet spec.
 *
 * @param options - Tokens, block interval, demo key.
 * @returns The handler, the demo account and test controls.
 * @example
 * const wallet = await createWalletSurface({ blockIntervalMs: 0 });
 * const nodeAuth = new NodeAuthRegistry();
 * const server = await serveSurface({ name: "wallet", auth: "node", nodeAuth, handler: wallet.handler });
 */
export async function createWalletSurface(options: WalletSurfaceOptions = {}): Promise<WalletSurface> {
  const assets = options.assets ?? DEFAULT_ASSETS;
  const contract = new RestContract("wallet", walletOperations);
  const demoKey = options.demoPrivateKey ?? randomBytes(32).toString("hex");
  const demoHex = chainAddressOf(
    secp256k1.Point.fromBytes(secp256k1.getPublicKey(hexToBytes(demoKey), false)),
  );
  const trc20Hex = `41${bytesToHex(keccak_256(encoder.encode(`sandbox trc20 ${demoHex}`)).subarray(12))}`;
  const now = BigInt(Date.now());
  const accounts: AccountState[] = [
    {
      ...newAccount(demoHex, now),
      balance: DEMO_FUNDS.sun,
      assets: new Map(DEMO_FUNDS.assets),
      // Enough bandwidth for a test's worth of transactions (used bandwidth does not recover).
      stakedForBandwidth: 100_000_000_000n,
      stakedForEnergy: 500_000_000n,
    },
    { ...newAccount(trc20Hex, now), type: "Contract" },
  ];
  const token = new SandboxTrc20({
    address: trc20Hex,
    name: "Sandbox Dollar",
    symbol: "SBXD",
    decimals: 6,
    balances: new Map([[demoHex, DEMO_FUNDS.trc20]]),
  });
  const ledger = new TronLedger({
    accounts,
    contracts: [token],
    ...(options.unfreezeDelayMs !== undefined && { unfreezeDelayMs: options.unfreezeDelayMs }),
  });
  ledger.produceBlock();
  let tamperKind: WalletTamper | undefined;

  /** The checked body, a missing `visible` read as false like real nodes do. */
  const bodyOf = (input: RestInput) => {
    const body = (input.body ?? {}) as Record<string, unknown>;
    return { body, visible: body.visible === true };
  };
  /** An address in the form `visible` says, as `41…` hex; undefined when it is in the other form. */
  const addressIn = (value: unknown, visible: boolean): string | undefined => {
    if (typeof value !== "string") return undefined;
    if (visible !== value.startsWith("T")) return undefined;
    return convertAddress(value, false);
  };
  const badAddress = () => nodeError("java.lang.IllegalArgumentException", "Invalid address provided");
  const confirmed = (input: RestInput) => input.operation.id.endsWith("Solidity");

  const account = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const address = addressIn(body.address, visible);
    if (address === undefined) return badAddress();
    const found = ledger.account(address, confirmed(input));
    return ok(found ? renderAccount(found, visible) : {});
  };
  const nowBlock = (input: RestInput) => {
    const visible = input.query.visible === true;
    return ok(renderBlock(confirmed(input) ? ledger.solid : ledger.head, visible));
  };
  const blockAnswer = (block: StoredBlock | undefined, visible: boolean, detail = true) =>
    ok(block ? renderBlock(block, visible, detail) : {});
  const transactionById = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const found = ledger.transaction(String(body.value), confirmed(input));
    return ok(found ? renderTransaction(found.transaction, visible) : {});
  };
  const infoById = (input: RestInput) => {
    const { body } = bodyOf(input);
    const found = ledger.transaction(String(body.value), confirmed(input));
    return ok(found ? renderInfo(found.transaction.txID, found.info) : {});
  };

  const constantCall = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const owner = body.owner_address === undefined ? ZERO_ADDRESS : addressIn(body.owner_address, visible);
    const target = addressIn(body.contract_address, visible);
    if (owner === undefined || target === undefined) return badAddress();
    if (target !== trc20Hex) {
      const text = "No contract or not a valid smart contract";
      return ok({ result: { code: "CONTRACT_VALIDATE_ERROR", message: message(text, visible) } });
    }
    const selector = typeof body.function_selector === "string" ? body.function_selector : undefined;
    const data = selector
      ? bytesToHex(keccak_256(encoder.encode(selector)).subarray(0, 4)) +
        String(body.parameter ?? "").toLowerCase()
      : String(body.data ?? "").toLowerCase();
    const outcome = token.call(data, owner);
    const call: SandboxContract = {
      kind: "TriggerSmartContract",
      owner,
      contract: target,
      data,
      callValue: 0n,
    };
    const built = ledger.build(call);
    return ok({
      result: {
        result: true,
        ...(outcome.reverted && { message: message("REVERT opcode executed", visible) }),
      },
      energy_used: outcome.energyUsed,
      constant_result: [outcome.output],
      transaction: {
        ret: [outcome.reverted ? { ret: "FAILED" } : {}],
        visible,
        txID: built.txID,
        raw_data: renderRaw(built.raw, [contractJson(call, visible)]),
        raw_data_hex: bytesToHex(built.rawBytes),
      },
    });
  };

  /** java-tron's answer to a contract call it will not build: `result.code`, no transaction. */
  const callRefused = (code: string, text: string, visible: boolean) =>
    ok({ result: { code, message: message(text, visible) } });
  const buildCall = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const owner = addressIn(body.owner_address, visible);
    const target = addressIn(body.contract_address, visible);
    if (owner === undefined || target === undefined) return badAddress();
    const selector = typeof body.function_selector === "string" ? body.function_selector : undefined;
    const data = selector
      ? bytesToHex(keccak_256(encoder.encode(selector)).subarray(0, 4)) +
        String(body.parameter ?? "").toLowerCase()
      : String(body.data ?? "").toLowerCase();
    const int = (key: string) => BigInt((body[key] as number | string | undefined) ?? 0);
    const asked: SandboxContract = {
      kind: "TriggerSmartContract",
      owner,
      contract: target,
      data,
      callValue: int("call_value"),
      ...(int("call_token_value") !== 0n && { callTokenValue: int("call_token_value") }),
      ...(int("token_id") !== 0n && { tokenId: int("token_id") }),
    };
    const feeLimit = int("fee_limit");
    const refused = ledger.refusalToBuild(asked, feeLimit);
    if (refused) return callRefused("CONTRACT_VALIDATE_ERROR", refused, visible);
    return ok({ result: { result: true }, transaction: builtAnswer(ledger.build(asked, feeLimit), visible) });
  };
  /** A transaction the node built, as it answers it: tampered first when a test asked for that. */
  const builtAnswer = (built: StoredTransaction, visible: boolean) => {
    const answer: Tampered = tamperKind
      ? tamper(built, tamperKind, (raw, changed) => sealTransaction(raw, changed, []))
      : { transaction: built, shown: [built.contract] };
    const { transaction } = answer;
    return {
      visible,
      txID: answer.txID ?? transaction.txID,
      raw_data: renderRaw(
        transaction.raw,
        answer.shown.map((shown) => contractJson(shown, visible)),
      ),
      raw_data_hex: bytesToHex(transaction.rawBytes),
    };
  };
  const smartContract = (visible: boolean) => ({
    origin_address: convertAddress(demoHex, visible),
    contract_address: convertAddress(trc20Hex, visible),
    abi: { entrys: TOKEN_ABI },
    bytecode: TOKEN_BYTECODE,
    consume_user_resource_percent: 100,
    name: token.name,
    origin_energy_limit: 10_000_000,
    code_hash: bytesToHex(keccak_256(hexToBytes(TOKEN_BYTECODE))),
  });
  /** The contract asked for; undefined for any other address (the node answers `{}`). */
  const contractAsked = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const address = addressIn(body.value, visible);
    return { visible, known: address === trc20Hex, address };
  };
  const infosOfBlock = (input: RestInput) => {
    const { body } = bodyOf(input);
    const block = ledger.block(BigInt(body.num as number), confirmed(input));
    return ok(block ? ledger.receipts(block).map(({ txID, info }) => renderInfo(txID, info)) : []);
  };

  const buildTransfer = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const owner = addressIn(body.owner_address, visible);
    const to = addressIn(body.to_address, visible);
    if (owner === undefined || to === undefined) return badAddress();
    const amount = BigInt(body.amount as string | number);
    let asked: SandboxContract = { kind: "TransferContract", owner, to, amount };
    if (input.operation.id === "transferAsset") {
      const name = String(body.asset_name);
      const asset = visible ? name : new TextDecoder().decode(decodeNodeHex(name) ?? new Uint8Array());
      asked = { kind: "TransferAssetContract", owner, to, amount, asset };
    }
    const refused = ledger.refusalToBuild(asked);
    if (refused) return nodeError("org.tron.core.exception.ContractValidateException", refused);
    return ok(builtAnswer(ledger.build(asked), visible));
  };

  const broadcast = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const raw = body.raw_data as Record<string, unknown>;
    const contracts = Array.isArray(raw.contract) ? raw.contract : [];
    const refuse = (code: string, text: string, txid?: string) =>
      ok({ code, message: message(text, visible), ...(txid && { txid }) });
    if (contracts.length !== 1)
      return refuse("CONTRACT_VALIDATE_ERROR", "a transaction must hold exactly one contract");
    const parsed = parseContractJson(contracts[0], visible);
    if (typeof parsed === "string") return refuse("CONTRACT_VALIDATE_ERROR", parsed);
    const stored: StoredRaw = {
      refBlockBytes: decodeNodeHex(String(raw.ref_block_bytes ?? "")) ?? new Uint8Array(),
      refBlockHash: decodeNodeHex(String(raw.ref_block_hash ?? "")) ?? new Uint8Array(),
      expiration: BigInt((raw.expiration as number | string | undefined) ?? 0),
      timestamp: BigInt((raw.timestamp as number | string | undefined) ?? 0),
      ...(raw.fee_limit !== undefined && { feeLimit: BigInt(raw.fee_limit as number | string) }),
      ...(typeof raw.data === "string" && { data: decodeNodeHex(raw.data) }),
      contracts: [storedContract(parsed)],
    };
    const signatures = ((body.signature as string[]) ?? []).map((signature) => signature.toLowerCase());
    const outcome = ledger.accept(stored, parsed, signatures);
    // java-tron names the transaction it rebuilt from raw_data, whatever txID the request carried.
    if ("code" in outcome)
      return refuse(outcome.code, outcome.message, sealTransaction(stored, parsed, []).txID);
    return ok({ result: true, txid: outcome.txID });
  };

  const estimateEnergy = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const owner = addressIn(body.owner_address, visible);
    const target = addressIn(body.contract_address, visible);
    if (owner === undefined || target === undefined) return badAddress();
    if (target !== trc20Hex) {
      return callRefused("CONTRACT_VALIDATE_ERROR", "No contract or not a valid smart contract", visible);
    }
    const selector = typeof body.function_selector === "string" ? body.function_selector : undefined;
    const data = selector
      ? bytesToHex(keccak_256(encoder.encode(selector)).subarray(0, 4)) +
        String(body.parameter ?? "").toLowerCase()
      : String(body.data ?? "").toLowerCase();
    const outcome = token.call(data, owner);
    if (outcome.reverted) return callRefused("CONTRACT_EXE_ERROR", "REVERT opcode executed", visible);
    return ok({ result: { result: true }, energy_required: outcome.energyUsed });
  };

  /** A Stake 2.0 request as the contract it asks the node to build. */
  const stakeAsked = (input: RestInput, owner: string, visible: boolean): StakeContract | undefined => {
    const { body } = bodyOf(input);
    const int = (key: string) => BigInt((body[key] as number | string | undefined) ?? 0);
    const resource = (body.resource ?? "BANDWIDTH") as ResourceName;
    const receiver = () => addressIn(body.receiver_address, visible);
    switch (input.operation.id) {
      case "freezeBalanceV2":
        return { kind: "FreezeBalanceV2Contract", owner, amount: int("frozen_balance"), resource };
      case "unfreezeBalanceV2":
        return { kind: "UnfreezeBalanceV2Contract", owner, amount: int("unfreeze_balance"), resource };
      case "withdrawExpireUnfreeze":
        return { kind: "WithdrawExpireUnfreezeContract", owner };
      case "delegateResource": {
        const to = receiver();
        if (to === undefined) return undefined;
        const lock = body.lock === true;
        return {
          kind: "DelegateResourceContract",
          owner,
          receiver: to,
          amount: int("balance"),
          resource,
          lock,
          lockPeriod: lock ? int("lock_period") : 0n,
        };
      }
      default: {
        const to = receiver();
        if (to === undefined) return undefined;
        return { kind: "UnDelegateResourceContract", owner, receiver: to, amount: int("balance"), resource };
      }
    }
  };
  const buildStake = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const owner = addressIn(body.owner_address, visible);
    const asked = owner === undefined ? undefined : stakeAsked(input, owner, visible);
    if (asked === undefined) return badAddress();
    const refused = ledger.refusalToBuild(asked);
    if (refused) return nodeError("org.tron.core.exception.ContractValidateException", refused);
    return ok(builtAnswer(ledger.build(asked), visible));
  };
  const canWithdraw = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const owner = addressIn(body.owner_address, visible);
    if (owner === undefined) return badAddress();
    const at = body.timestamp === undefined ? ledger.head.header.timestamp : BigInt(body.timestamp as number);
    const amount = ledger.stake.withdrawable(ledger.account(owner), at);
    return ok(amount === 0n ? {} : { amount });
  };
  const delegatedResource = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const from = addressIn(body.fromAddress, visible);
    const to = addressIn(body.toAddress, visible);
    if (from === undefined || to === undefined) return badAddress();
    const lent = ledger.stake.delegation(from, to);
    if (!lent) return ok({});
    const nonZero = (key: string, value: bigint | undefined) => (value ? { [key]: value } : {});
    return ok({
      delegatedResource: [
        {
          from: convertAddress(from, visible),
          to: convertAddress(to, visible),
          ...nonZero("frozen_balance_for_bandwidth", lent.bandwidth),
          ...nonZero("frozen_balance_for_energy", lent.energy),
          ...nonZero("expire_time_for_bandwidth", lent.bandwidthLockedUntil),
          ...nonZero("expire_time_for_energy", lent.energyLockedUntil),
        },
      ],
    });
  };
  const delegationIndex = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const address = addressIn(body.value, visible);
    if (address === undefined) return badAddress();
    const shown = (hex: string) => convertAddress(hex, visible) as string;
    const lent = ledger.stake.delegations(address);
    const toAccounts = lent.filter((entry) => entry.from === address).map((entry) => shown(entry.to));
    const fromAccounts = lent.filter((entry) => entry.to === address).map((entry) => shown(entry.from));
    return ok({
      account: shown(address),
      ...(fromAccounts.length > 0 && { fromAccounts }),
      ...(toAccounts.length > 0 && { toAccounts }),
    });
  };

  const tokenList = (list: readonly TronAsset[], visible: boolean) =>
    ok(list.length === 0 ? {} : { assetIssue: list.map((asset) => renderAsset(asset, visible)) });
  const byName = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const value = String(body.value);
    const wanted = visible ? encoder.encode(value) : decodeNodeHex(value);
    if (wanted === undefined) return ok(BAD_HEX_ERROR);
    return tokenList(
      assets.filter((asset) => sameBytes(encoder.encode(asset.name), wanted)),
      visible,
    );
  };
  const byId = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const asset = assets.find((candidate) => candidate.id === body.value);
    return ok(asset ? renderAsset(asset, visible) : {});
  };
  const page = (input: RestInput) => {
    const { body, visible } = bodyOf(input);
    const offset = Number(body.offset);
    return tokenList([...assets].sort(byTokenId).slice(offset, offset + Number(body.limit)), visible);
  };
  const all = (input: RestInput) => tokenList([...assets].sort(byTokenId), input.query.visible === true);

  const handler = contract.handler({
    getAccount: account,
    getAccountSolidity: account,
    getAccountResource: (input) => {
      const { body, visible } = bodyOf(input);
      const address = addressIn(body.address, visible);
      return address === undefined ? badAddress() : ok(renderAccountResource(ledger.account(address)));
    },
    getNowBlock: nowBlock,
    getNowBlockSolidity: nowBlock,
    getBlockByNum: (input) =>
      blockAnswer(ledger.block(BigInt(bodyOf(input).body.num as number)), bodyOf(input).visible),
    getBlockByNumSolidity: (input) =>
      blockAnswer(ledger.block(BigInt(bodyOf(input).body.num as number), true), bodyOf(input).visible),
    getBlockById: (input) =>
      blockAnswer(ledger.block(String(bodyOf(input).body.value)), bodyOf(input).visible),
    getBlockByIdSolidity: (input) =>
      blockAnswer(ledger.block(String(bodyOf(input).body.value), true), bodyOf(input).visible),
    getBlock: (input) => {
      const { body, visible } = bodyOf(input);
      const id = body.id_or_num as string | undefined;
      const block = id === undefined ? ledger.head : ledger.block(/^[0-9]{1,19}$/.test(id) ? BigInt(id) : id);
      return blockAnswer(block, visible, body.detail === true);
    },
    getTransactionById: transactionById,
    getTransactionByIdSolidity: transactionById,
    getTransactionInfoById: infoById,
    getTransactionInfoByIdSolidity: infoById,
    triggerConstantContract: constantCall,
    triggerConstantContractSolidity: constantCall,
    createTransaction: buildTransfer,
    transferAsset: buildTransfer,
    triggerSmartContract: buildCall,
    getContract: (input) => {
      const { visible, known, address } = contractAsked(input);
      if (address === undefined) return badAddress();
      return ok(known ? smartContract(visible) : {});
    },
    getContractInfo: (input) => {
      const { visible, known, address } = contractAsked(input);
      if (address === undefined) return badAddress();
      if (!known) return ok({});
      return ok({
        smart_contract: smartContract(visible),
        runtimecode: TOKEN_BYTECODE,
        contract_state: { energy_usage: 0, update_cycle: 0 },
      });
    },
    getTransactionInfoByBlockNum: infosOfBlock,
    getTransactionInfoByBlockNumSolidity: infosOfBlock,
    broadcastTransaction: broadcast,
    getAssetIssueByAccount: (input) => {
      const { body, visible } = bodyOf(input);
      const address = addressIn(body.address, visible);
      if (address === undefined) return badAddress();
      return tokenList(
        assets.filter((asset) => asset.owner_address === address),
        visible,
      );
    },
    getAssetIssueList: all,
    getAssetIssueListSolidity: all,
    getPaginatedAssetIssueList: page,
    getPaginatedAssetIssueListSolidity: page,
    getAssetIssueListByName: byName,
    getAssetIssueListByNameSolidity: byName,
    getAssetIssueById: byId,
    getAssetIssueByIdSolidity: byId,
    estimateEnergy,
    getChainParameters: () => ok({ chainParameter: chainParameters() }),
    getAccountNet: (input) => {
      const { body, visible } = bodyOf(input);
      const address = addressIn(body.address, visible);
      return address === undefined ? badAddress() : ok(renderAccountNet(ledger.account(address)));
    },
    freezeBalanceV2: buildStake,
    unfreezeBalanceV2: buildStake,
    delegateResource: buildStake,
    unDelegateResource: buildStake,
    withdrawExpireUnfreeze: buildStake,
    getCanWithdrawUnfreezeAmount: canWithdraw,
    getDelegatedResourceV2: delegatedResource,
    getDelegatedResourceAccountIndexV2: delegationIndex,
  });

  const interval = options.blockIntervalMs ?? 3000;
  const served: SurfaceHandler = (request) => handler(postFromGet(request));
  const payments = paymentRound(
    ledger,
    hexToBytes(demoKey),
    demoHex,
    trc20Hex,
    (options.paymentsTo ?? []).map((to) => convertAddress(to, false) ?? to),
  );
  const timer =
    interval > 0
      ? setInterval(() => {
          payments();
          ledger.produceBlock();
        }, interval)
      : undefined;
  timer?.unref();

  return {
    handler: served,
    assets,
    demo: { privateKey: demoKey, address: toBase58Address(demoHex) },
    trc20Address: toBase58Address(trc20Hex),
    produceBlock: () => {
      const block = ledger.produceBlock();
      return { number: block.header.number, id: block.id };
    },
    producePaymentBlock: () => {
      payments();
      const block = ledger.produceBlock();
      return { number: block.header.number, id: block.id };
    },
    setTamper: (kind) => {
      tamperKind = kind;
    },
    close: async () => clearInterval(timer),
  };
}

/**
 * The sandbox token's code: a stand-in (the token runs in TypeScript), `STOP` and the bytes of its
 * name, so its code hash is its own.
 */
const TOKEN_BYTECODE = `00${textToHex("chainkit sandbox TRC-20")}`;
/**
 * POST paths the sandbox also answers to GET, reading the body's fields from the query as java-tron
 * does: the contract look-ups, which tronweb's `contract().at()` makes with GET. The spec lists them
 * as POST, so other GETs keep answering 405.
 */
const GET_AS_POST = new Set(["/wallet/getcontract", "/wallet/getcontractinfo"]);

/** A GET of a contract look-up, as the POST java-tron reads it as: query fields become the body. */
function postFromGet(request: SandboxRequest): SandboxRequest {
  if (request.method.toUpperCase() !== "GET" || !GET_AS_POST.has(request.path)) return request;
  const body: Record<string, unknown> = {};
  for (const [key, value] of request.query) {
    body[key] = value === "true" ? true : value === "false" ? false : value;
  }
  return { ...request, method: "POST", query: new URLSearchParams(), body: JSON.stringify(body) };
}

/**
 * The demo account's next timed payment, signed with its key and put in the pool: TRX, SEED and the
 * TRC-20 token in turn, to each address in turn. Nothing when there are no addresses.
 */
function paymentRound(
  ledger: TronLedger,
  demoKey: Uint8Array,
  demoHex: string,
  trc20Hex: string,
  to: readonly string[],
): () => void {
  let round = 0;
  return () => {
    const recipient = to[round % to.length];
    if (recipient === undefined) return;
    const units = BigInt(1 + (round % 7));
    const kinds: SandboxContract[] = [
      { kind: "TransferContract", owner: demoHex, to: recipient, amount: units * 1000n },
      { kind: "TransferAssetContract", owner: demoHex, to: recipient, amount: units, asset: "1009001" },
      {
        kind: "TriggerSmartContract",
        owner: demoHex,
        contract: trc20Hex,
        data: `a9059cbb${recipient.slice(2).padStart(64, "0")}${units.toString(16).padStart(64, "0")}`,
        callValue: 0n,
      },
    ];
    const contract = kinds[round % kinds.length] as SandboxContract;
    round += 1;
    const feeLimit = contract.kind === "TriggerSmartContract" ? 100_000_000n : undefined;
    const built = ledger.build(contract, feeLimit);
    const signed = secp256k1.sign(hexToBytes(built.txID), demoKey, { prehash: false, format: "recovered" });
    const signature = bytesToHex(signed.subarray(1)) + bytesToHex(signed.subarray(0, 1));
    ledger.accept(built.raw, contract, [signature]);
  };
}

function byTokenId(a: TronAsset, b: TronAsset): number {
  return Number(BigInt(a.id) - BigInt(b.id));
}
