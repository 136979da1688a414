import { redactText } from "../../runtime/credentials/redact.js";
import { type CapturedExchange, type RecordedExchange, redactExchange } from "./captured-exchange.js";
import type { DriftRecord } from "./drift-record.js";
import type { DriftSpec } from "./load-drift-spec.js";
import { checkRestExchange, RestRouter } from "./rest-exchange.js";
import { checkRpcExchange, rpcMethodsOf } from "./rpc-exchange.js";
import { MASK, requestSecrets } from "./secret-values.js";

/** Checks exchanges against one spec; the proxy, `chainkit drift` and `chainkit check` all use it. */
export interface DriftChecker {
  /**
   * Checks one exchange and returns it as it may be written down (secrets masked), with what was
   * found: records keyed by operation (or JSON-RPC method), pointer and rule, samples redacted.
   */
  check(exchange: CapturedExchange): RecordedExchange;
}

/**
 * A checker of traffic against a spec loaded by `loadDriftSpec`.
 *
 * @example
 * const checker = createDriftChecker(await loadDriftSpec({ surface: "wallet" }));
 * for (const exchange of await readCapture("traffic.har")) console.log(checker.check(exchange).records);
 */
export function createDriftChecker(spec: DriftSpec): DriftChecker {
  const router = spec.kind === "openapi" ? new RestRouter(spec.operations) : undefined;
  // The literal segments of the spec's paths: any other segment of a request no operation takes may be a credential.
  const known = new Set(spec.serverSegments);
  if (spec.kind === "openapi") {
    for (const operation of Object.values(spec.operations)) {
      for (const segment of operation.path.split("/")) if (!segment.includes("{")) known.add(segment);
    }
  }
  return {
    check(exchange) {
      const pathname = new URL(exchange.target, "http://drift.invalid").pathname;
      const segments = pathname.split("/").slice(1);
      const match = router?.match(exchange.method, pathname);
      // Segments before the operation's path that no server URL writes are credentials (a node token).
      const prefix = spec.kind === "openrpc" || !match ? segments : match.prefix;
      const literal = match ? spec.serverSegments : known;
      const masked = new Set(
        prefix.flatMap((segment, index) => (segment === "" || literal.has(segment) ? [] : [index])),
      );
      const secrets = requestSecrets(
        exchange.requestHeaders,
        [...masked].map((index) => segments[index] as string),
      );
      const redact = (text: string) => redactText(text, secrets);
      let records: DriftRecord[];
      let operations: string[];
      if (spec.kind === "openrpc") {
        records =
          exchange.method.toUpperCase() === "POST"
            ? checkRpcExchange(exchange, spec.methods, spec.schemas, redact)
            : [];
        operations = rpcMethodsOf(exchange.requestBody);
      } else if (match) {
        records = checkRestExchange(exchange, match, spec.schemas, redact);
        operations = [match.operation.id];
      } else {
        records = [
          {
            operation: `${exchange.method.toUpperCase()} ${new URL(redactExchange(exchange, masked, secrets).target, "http://drift.invalid").pathname}`,
            direction: "request",
            pointer: "",
            rule: "undocumented-operation",
            message: `no operation of the spec has this method and path`,
          },
        ];
        operations = [];
      }
      // A value masked before it was written down cannot be judged again.
      records = records.filter(
        (record) =>
          record.sample !== JSON.stringify(MASK) ||
          !record.rule.match(/^(pattern|format|minLength|maxLength)$/),
      );
      return {
        time: new Date().toISOString(),
        ...redactExchange(exchange, masked, secrets),
        operations,
        records,
      };
    },
  };
}
