import { toRawAddress } from "../../../indexer/address/format-ton-address.js";
import { TonAddressError } from "../../../indexer/errors/ton-address-error.js";
import type { SandboxResponse } from "../../surface.js";
import { SandboxContractError } from "../../validation.js";

/** The indexer's error answer, `{"error", "code"}` with the same HTTP status. */
export function indexerError(status: number, error: string): SandboxResponse {
  return { status, body: { error, code: status } };
}

/** Thrown while reading a query; the surface answers it with the service's error form. */
export class QueryRefusal extends Error {
  readonly response: SandboxResponse;

  constructor(status: number, error: string) {
    super(error);
    this.response = indexerError(status, error);
  }
}

/** A query value that may be given once or repeated, as a list. */
export function listOf(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/**
 * Reads addresses as the indexer does: any form, raw out; an unreadable one is refused with 422.
 *
 * @param value - One address or a list.
 * @param name - The parameter, for the message.
 * @returns Raw addresses (empty when the parameter is absent).
 */
export function rawAddresses(value: unknown, name: string): string[] {
  return listOf(value).map((text) => {
    try {
      return toRawAddress(text);
    } catch (error) {
      if (!(error instanceof TonAddressError)) throw error;
      throw new QueryRefusal(422, `failed to parse ${name}: ${error.shortMessage}`);
    }
  });
}

/** One address parameter, raw, or undefined when absent. */
export function rawAddress(value: unknown, name: string): string | undefined {
  return value === undefined ? undefined : rawAddresses(value, name)[0];
}

/** A hash as the indexer stores it (standard base64), from base64, base64url or hex. */
export function hashOf(text: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex").toString("base64");
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  return standard.endsWith("=") ? standard : `${standard}=`;
}

/** Hash parameters (one or repeated), as stored. */
export function hashesOf(value: unknown): Set<string> {
  return new Set(listOf(value).map(hashOf));
}

/** An opcode parameter (hex or signed decimal) as a 32-bit unsigned number. */
export function opcodeOf(text: string): number {
  const value = text.startsWith("0x") ? Number.parseInt(text.slice(2), 16) : Number(text);
  return value < 0 ? value + 2 ** 32 : value;
}

/** The range and paging parameters every list shares, checked and with the spec's defaults. */
interface ListQuery {
  start_utime?: number;
  end_utime?: number;
  start_lt?: string | number;
  end_lt?: string | number;
  limit: number;
  offset: number;
  sort?: "asc" | "desc";
}

/**
 * The range and paging parameters of a list query the surface checked against the spec, which gives
 * `limit` and `offset` defaults.
 *
 * @param query - The checked query.
 * @returns Its range, order and paging.
 * @throws {SandboxContractError} when `limit` or `offset` is missing (the spec lost its default).
 */
export function listQuery(query: Readonly<Record<string, unknown>>): ListQuery {
  const { limit, offset, sort } = query;
  if (typeof limit !== "number" || typeof offset !== "number") {
    throw new SandboxContractError(
      "indexer: a list query reached its handler without the spec's limit and offset defaults",
    );
  }
  const lt = (value: unknown) => (typeof value === "string" || typeof value === "number" ? value : undefined);
  const utime = (value: unknown) => (typeof value === "number" ? value : undefined);
  return {
    start_utime: utime(query.start_utime),
    end_utime: utime(query.end_utime),
    start_lt: lt(query.start_lt),
    end_lt: lt(query.end_lt),
    limit,
    offset,
    sort: sort === "asc" || sort === "desc" ? sort : undefined,
  };
}

/** Where an item sits in time, for ranges and order. */
export interface Position {
  lt: bigint;
  utime: number;
}

/**
 * Applies the time and logical-time range (inclusive), orders by logical time (ties by the order
 * given) and cuts the page, as every list endpoint does.
 *
 * @param items - Every matching item, oldest first.
 * @param checkedQuery - The checked query: its range, order and paging.
 * @param positionOf - Where an item sits.
 * @returns The page.
 */
export function pageOf<T>(
  items: readonly T[],
  checkedQuery: Readonly<Record<string, unknown>>,
  positionOf: (item: T) => Position,
): T[] {
  const query = listQuery(checkedQuery);
  const startLt = query.start_lt === undefined ? undefined : BigInt(query.start_lt);
  const endLt = query.end_lt === undefined ? undefined : BigInt(query.end_lt);
  const inRange = items.filter((item) => {
    const { lt, utime } = positionOf(item);
    return (
      (startLt === undefined || lt >= startLt) &&
      (endLt === undefined || lt <= endLt) &&
      (query.start_utime === undefined || utime >= query.start_utime) &&
      (query.end_utime === undefined || utime <= query.end_utime)
    );
  });
  // A stable sort keeps the ledger's order for equal logical times.
  inRange.sort((a, b) => {
    const [x, y] = [positionOf(a).lt, positionOf(b).lt];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const ordered = query.sort === "asc" ? inRange : inRange.reverse();
  return ordered.slice(query.offset, query.offset + query.limit);
}
