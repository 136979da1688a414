import type { SpotMeta } from "../../generated/exchange/types.js";
import { type FieldIssue, RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { checksumProblem } from "../runtime/signing/checksum-address.js";
import { closestNames } from "./assets/closest-names.js";
import { ExchangeError } from "./errors/exchange-error.js";
import { normalizeDecimal, numberToDecimal } from "./signing/decimal.js";

/**
 * The inputs of the transfer, TWAP, sub-account and account actions, checked and turned into what
 * is signed. Loaded on first use of one of them, so a client that only places orders never carries
 * it. Each check names the field by JSON pointer and says how to fix it, before anything is signed.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TOKEN = /^[^:]+:0x[0-9a-f]{32}$/;
const FEE_RATE = /^[0-9]+(\.[0-9]+)?%$/;

/** The user-signed actions built here, and the field that carries their nonce. */
export const USER_SIGNED_NONCE_FIELD = {
  usdSend: "time",
  spotSend: "time",
  withdraw3: "time",
  usdClassTransfer: "nonce",
  sendAsset: "nonce",
  approveBuilderFee: "nonce",
} as const;

/** A user-signed action built here. */
export type UserSignedId = keyof typeof USER_SIGNED_NONCE_FIELD;

/** The L1 actions built here. */
export type AccountActionId =
  | "twapOrder"
  | "twapCancel"
  | "vaultTransfer"
  | "createSubAccount"
  | "subAccountTransfer"
  | "subAccountSpotTransfer"
  | "evmUserModify"
  | "reserveRequestWeight"
  | "noop";

type Loose = Record<string, unknown>;

/** Collects the issues of one input, then refuses it as a whole. */
class Checks {
  readonly issues: FieldIssue[] = [];
  constructor(
    readonly operation: string,
    readonly input: Loose,
  ) {}

  #fail(field: string, message: string): undefined {
    this.issues.push({ pointer: `/${field}`, message });
    return undefined;
  }

  address(field: string): string | undefined {
    const value = this.input[field];
    if (typeof value !== "string" || !ADDRESS.test(value)) {
      return this.#fail(field, "must be an address: 0x followed by 40 hex digits");
    }
    // A mixed-case address carries a checksum: a wrong one is the usual sign of a typo.
    const problem = checksumProblem(value);
    return problem === undefined ? value.toLowerCase() : this.#fail(field, problem);
  }

  /** A positive amount, as a canonical decimal string (numbers converted exactly). */
  amount(field: string): string | undefined {
    const value = this.input[field];
    try {
      const text = typeof value === "number" ? numberToDecimal(value) : normalizeDecimal(value as string);
      if (/^0(\.0*)?$/.test(text)) return this.#fail(field, "must be more than 0");
      return text;
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error;
      return this.#fail(field, 'must be a positive decimal string or number, such as "10.5"');
    }
  }

  /** USDC × 10^6, a positive whole number. */
  micro(field: string): number | undefined {
    const value = this.input[field];
    if (Number.isSafeInteger(value) && (value as number) > 0) return value as number;
    return this.#fail(
      field,
      "must be a whole number of micro-USDC (USDC × 10^6) above 0, such as 5_000_000 for 5 USDC",
    );
  }

  integer(field: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const value = this.input[field];
    if (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max)
      return value as number;
    return this.#fail(field, `must be a whole number from ${min} to ${max}`);
  }

  boolean(field: string): boolean | undefined {
    const value = this.input[field];
    if (typeof value === "boolean") return value;
    return this.#fail(field, "must be true or false");
  }

  text(field: string, check: (value: string) => string | undefined): string | undefined {
    const value = this.input[field];
    const problem = typeof value === "string" ? check(value) : "must be a string";
    return problem === undefined ? (value as string) : this.#fail(field, problem);
  }

  /** A spot token as transfers name it, `NAME:tokenId`; a bare name is looked up in `spotMeta`. */
  token(field: string, spotMeta: SpotMeta | undefined): string | undefined {
    const value = this.input[field];
    if (typeof value !== "string") return this.#fail(field, 'must be a token: "PURR" or "PURR:0x<tokenId>"');
    if (TOKEN.test(value)) return value;
    const [token, ...others] = spotMeta?.tokens.filter((candidate) => candidate.name === value) ?? [];
    if (token && others.length === 0) return `${token.name}:${token.tokenId}`;
    if (token) {
      // Two tokens of one name: signing the first could send the wrong one.
      const ids = [token, ...others].map((candidate) => `"${candidate.name}:${candidate.tokenId}"`);
      return this.#fail(
        field,
        `${JSON.stringify(value)} names ${ids.length} spot tokens of this exchange: ${ids.join(", ")}; pass the one you mean as NAME:tokenId`,
      );
    }
    const names = closestNames(value, spotMeta?.tokens.map((candidate) => candidate.name) ?? []);
    const hint = names.length > 0 ? `: did you mean ${names.map((name) => `"${name}"`).join(" or ")}?` : "";
    return this.#fail(
      field,
      `${JSON.stringify(value)} is not a spot token of this exchange (names are case-sensitive)${hint}`,
    );
  }

  /** Throws the issues found, if any. */
  done(): void {
    if (this.issues.length > 0) throw new RequestValidationError(this.operation, this.issues);
  }
}

function inputOf(params: unknown): Loose {
  return typeof params === "object" && params !== null ? (params as Loose) : {};
}

/** Whether an action names a spot token, so `spotMeta` must be read before it is built. */
export function needsTokens(id: string, params: unknown): boolean {
  const token = inputOf(params).token;
  return (
    (id === "spotSend" || id === "sendAsset" || id === "subAccountSpotTransfer") &&
    typeof token === "string" &&
    !TOKEN.test(token)
  );
}

/**
 * The signed fields of a user-signed action, without its chain fields and nonce.
 *
 * @throws {RequestValidationError} naming each field at fault.
 * @example
 * userSignedFields("usdSend", { destination: "0x0d1d9635d0640821d15e323ac8adadfa9c111414", amount: 1 }); // { destination, amount: "1" }
 */
export function userSignedFields(id: UserSignedId, params: unknown, spotMeta?: SpotMeta): Loose {
  const checks = new Checks(id, inputOf(params));
  let fields: Loose;
  switch (id) {
    case "usdSend":
    case "withdraw3":
      fields = { destination: checks.address("destination"), amount: checks.amount("amount") };
      break;
    case "spotSend":
      fields = {
        destination: checks.address("destination"),
        token: checks.token("token", spotMeta),
        amount: checks.amount("amount"),
      };
      break;
    case "usdClassTransfer": {
      const amount = checks.amount("amount");
      const subAccount = checks.input.subAccount === undefined ? undefined : checks.address("subAccount");
      fields = {
        amount: subAccount === undefined ? amount : `${amount} subaccount:${subAccount}`,
        toPerp: checks.boolean("toPerp"),
      };
      break;
    }
    case "sendAsset":
      fields = {
        destination: checks.address("destination"),
        sourceDex: checks.text("sourceDex", () => undefined),
        destinationDex: checks.text("destinationDex", () => undefined),
        token: checks.token("token", spotMeta),
        amount: checks.amount("amount"),
        fromSubAccount: checks.input.fromSubAccount === undefined ? "" : checks.address("fromSubAccount"),
      };
      break;
    case "approveBuilderFee":
      fields = {
        maxFeeRate: checks.text("maxFeeRate", (value) =>
          FEE_RATE.test(value) ? undefined : 'must be a percentage such as "0.01%" ("0%" revokes)',
        ),
        builder: checks.address("builder"),
      };
      break;
  }
  checks.done();
  return fields;
}

/**
 * The wire form of an account, transfer or TWAP L1 action, keys in the order it is hashed.
 *
 * @throws {RequestValidationError} naming each field at fault.
 * @example
 * accountAction("twapOrder", { a: 0, b: true, s: "0.1", r: false, m: 10, t: false });
 * // { type: "twapOrder", twap: { a: 0, b: true, s: "0.1", r: false, m: 10, t: false } }
 */
export function accountAction(id: AccountActionId, params: unknown, spotMeta?: SpotMeta): Loose {
  const checks = new Checks(id, inputOf(params));
  let action: Loose;
  switch (id) {
    case "twapOrder":
      action = {
        twap: {
          a: checks.integer("a", 0),
          b: checks.boolean("b"),
          s: checks.amount("s"),
          r: checks.boolean("r"),
          m: checks.integer("m", 5, 1440),
          t: checks.boolean("t"),
        },
      };
      break;
    case "twapCancel":
      action = { a: checks.integer("a", 0), t: checks.integer("t", 0) };
      break;
    case "vaultTransfer":
      action = {
        vaultAddress: checks.address("vaultAddress"),
        isDeposit: checks.boolean("isDeposit"),
        usd: checks.micro("usd"),
      };
      break;
    case "createSubAccount":
      action = {
        name: checks.text("name", (value) =>
          value.length >= 1 && value.length <= 16 ? undefined : "must have 1 to 16 characters",
        ),
      };
      break;
    case "subAccountTransfer":
      action = {
        subAccountUser: checks.address("subAccountUser"),
        isDeposit: checks.boolean("isDeposit"),
        usd: checks.micro("usd"),
      };
      break;
    case "subAccountSpotTransfer":
      action = {
        subAccountUser: checks.address("subAccountUser"),
        isDeposit: checks.boolean("isDeposit"),
        token: checks.token("token", spotMeta),
        amount: checks.amount("amount"),
      };
      break;
    case "evmUserModify":
      action = { usingBigBlocks: checks.boolean("usingBigBlocks") };
      break;
    case "reserveRequestWeight":
      action = { weight: checks.integer("weight", 1) };
      break;
    case "noop":
      action = {};
      break;
  }
  checks.done();
  // Signing puts the keys in the order the spec gives them; this literal already follows it.
  return { type: id, ...action };
}
