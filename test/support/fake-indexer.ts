import { readFileSync } from "node:fs";
import {
  type LoopbackServer,
  nodeCredentialPath,
  type Reply,
  startLoopbackServer,
} from "./loopback-server.js";

const examples = JSON.parse(
  readFileSync(new URL("../fixtures/indexer/toncenter_v3_actions_examples.json", import.meta.url), "utf8"),
) as { action_examples: Record<string, unknown>[] };

/** The two real actions of test/fixtures/indexer, as the indexer sends them. */
export const exampleActions = examples.action_examples;

/**
 * A real action's shape with its own id and logical times: number `n` of a synthetic history
 * (larger `n` is newer).
 */
export function syntheticAction(n: number): Record<string, unknown> {
  const template = exampleActions[n % exampleActions.length] as Record<string, unknown>;
  const lt = 93307000000000n + BigInt(n) * 10n;
  return {
    ...template,
    action_id: `synthetic-action-${n}`,
    start_lt: lt.toString(),
    end_lt: (lt + 1n).toString(),
    trace_end_lt: (lt + 1n).toString(),
  };
}

/** An indexer on loopback whose history can grow while a client pages through it. */
export interface FakeIndexer extends LoopbackServer {
  token: string;
  username: string;
  password: string;
  /** The actions, newest first (the default `desc` order). */
  history: Record<string, unknown>[];
  /** Runs after each answered page, e.g. to add newer actions between two requests. */
  afterPage?: (pageNumber: number) => void;
  /** Makes the next request answer with this status and body. */
  answerNextWith(reply: Reply): void;
}

/**
 * Starts a TON-style indexer v3 on 127.0.0.1 serving `GET /api/v3/actions` over `history` with
 * `limit`/`offset`/`sort` as the upstream does: 422 `{"error","code"}` for a limit over 1000.
 * Node credentials as the service checks them; 401 otherwise.
 */
export async function startFakeIndexer(size: number): Promise<FakeIndexer> {
  const token = "indexer-test-token-6a2c8d";
  const username = "indexer-user";
  const password = "indexer-pass-word-3e91";
  const scripted: Reply[] = [];
  let pages = 0;
  const state: Pick<FakeIndexer, "history" | "afterPage"> = {
    history: Array.from({ length: size }, (_, i) => syntheticAction(size - 1 - i)),
  };

  const server = await startLoopbackServer((request): Reply => {
    const path = nodeCredentialPath(request, { token, username, password });
    if (path === undefined) return { status: 401, body: "Unauthorized" };
    const next = scripted.shift();
    if (next !== undefined) return next;
    if (path !== "/api/v3/actions") return { status: 404, body: { error: "not found", code: 404 } };
    const limit = Number(request.query.get("limit") ?? 100);
    const offset = Number(request.query.get("offset") ?? 0);
    if (limit > 1000) {
      return { status: 422, body: { error: `limit is not allowed: ${limit} > 1000`, code: 422 } };
    }
    const ordered = request.query.get("sort") === "asc" ? [...state.history].reverse() : state.history;
    const actions = ordered.slice(offset, offset + limit);
    pages++;
    const reply = { body: { actions, address_book: {} } };
    state.afterPage?.(pages);
    return reply;
  });
  return Object.assign(state, server, {
    token,
    username,
    password,
    answerNextWith: (reply: Reply) => {
      scripted.push(reply);
    },
  });
}
