import type { RestOperationHandler } from "../../validation.js";
import { parseBoc } from "../boc/boc.js";
import { BocError } from "../boc/boc-error.js";
import type { Cell } from "../boc/cell.js";
import { CellBuilder } from "../boc/cell-builder.js";
import { type ExternalMessage, readExternalMessage } from "../boc/external-message.js";
import { codeCell, dataCell } from "../ledger/contracts.js";
import { forwardFee } from "../ledger/ledger-builder.js";
import { NotAcceptedError } from "../ledger/not-accepted-error.js";
import type { EndpointContext } from "./endpoint-context.js";
import { runGetMethod } from "./get-methods.js";
import { QueryRefusal, rawAddress } from "./query.js";

/** Basechain storage prices per second, in 2^-16 nanotons: per bit and per cell. */
const STORAGE_BIT = 1n;
const STORAGE_CELL = 500n;
/** Gas a v4 wallet spends accepting a signed request, at 400 nanotons per unit. */
const WALLET_REQUEST_GAS_FEE = 3_308n * 400n;

/** The one root cell of a BoC field, or the service's 422. */
function readCell(boc: unknown, field: string): Cell {
  try {
    const [root] = parseBoc(String(boc));
    return root as Cell;
  } catch (error) {
    if (!(error instanceof BocError)) throw error;
    throw new QueryRefusal(422, `failed to parse ${field}: ${error.message}`);
  }
}

/** Bits and cells of a tree, each cell once. */
function sizeOf(root: Cell): { bits: bigint; cells: bigint } {
  const seen = new Set<Cell>();
  const visit = (cell: Cell) => {
    if (seen.has(cell)) return;
    seen.add(cell);
    for (const ref of cell.refs) visit(ref);
  };
  visit(root);
  let bits = 0n;
  for (const cell of seen) bits += BigInt(cell.bitLength);
  return { bits, cells: BigInt(seen.size) };
}

/**
 * The endpoints that reach contracts: runGetMethod (from the account's state), estimateFee
 * (basechain prices: forwarding the message in, storage since the last transaction, a wallet's gas)
 * and message (reads the external message and answers its hash and normalized hash).
 *
 * @param context - The ledger.
 * @returns Handlers keyed by operationId.
 */
export function contractEndpoints(context: EndpointContext): Record<string, RestOperationHandler> {
  const { accounts, blocks } = context.ledger;

  return {
    runGetMethod: ({ body }) => {
      const request = body as {
        address: string;
        method: string | number;
        stack?: { type: string; value: string }[];
      };
      const account = accounts.get(rawAddress(request.address, "address") as string);
      return { status: 200, body: runGetMethod(account, request.method, request.stack ?? []) };
    },

    estimateFee: ({ body }) => {
      const request = body as { address: string; body: string; init_code?: string; init_data?: string };
      const account = accounts.get(rawAddress(request.address, "address") as string);
      const message = readCell(request.body, "body");
      const code = request.init_code === undefined ? null : readCell(request.init_code, "init_code");
      const data = request.init_data === undefined ? null : readCell(request.init_data, "init_data");
      const init =
        code || data ? new CellBuilder().bit(0).bit(0).maybeRef(code).maybeRef(data).bit(0).build() : null;
      const inFwdFee = forwardFee(message, init);
      let storageFee = 0n;
      if (account) {
        const state = [sizeOf(codeCell(account.kind)), sizeOf(dataCell(account))];
        const bits = state.reduce((sum, size) => sum + size.bits, 0n);
        const cells = state.reduce((sum, size) => sum + size.cells, 0n);
        const now = blocks[blocks.length - 1]?.genUtime ?? 0;
        const seconds = BigInt(Math.max(0, now - (account.lastTransaction?.now ?? now)));
        storageFee = ((bits * STORAGE_BIT + cells * STORAGE_CELL) * seconds + 65_535n) / 65_536n;
      }
      const gasFee = account?.wallet ? WALLET_REQUEST_GAS_FEE : 0n;
      return {
        status: 200,
        body: {
          source_fees: { in_fwd_fee: inFwdFee, storage_fee: storageFee, gas_fee: gasFee, fwd_fee: 0n },
          destination_fees: [],
        },
      };
    },

    sendMessage: ({ body }) => {
      const root = readCell((body as { boc: string }).boc, "boc");
      let message: ExternalMessage;
      try {
        message = readExternalMessage(root);
      } catch (error) {
        if (!(error instanceof BocError)) throw error;
        throw new QueryRefusal(422, `failed to parse boc: ${error.message}`);
      }
      try {
        context.ledger.receiveExternal(message);
      } catch (error) {
        if (!(error instanceof NotAcceptedError)) throw error;
        // The service's answer when the network would not take the message (500, without a code).
        return {
          status: 500,
          body: {
            error: `internal server error: cannot apply external message to current state: External message was not accepted (${error.message})`,
          },
        };
      }
      return { status: 200, body: { message_hash: message.hash, message_hash_norm: message.hashNorm } };
    },
  };
}
