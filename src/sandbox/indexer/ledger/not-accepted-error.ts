/**
 * The wallet would not accept an external message (wrong seqno or subwallet, expired, unreadable,
 * not enough TON), so the network never processes it; the service answers 500.
 */
export class NotAcceptedError extends Error {
  override readonly name = "NotAcceptedError";
}
