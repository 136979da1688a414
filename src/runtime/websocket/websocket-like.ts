/** The part of the browser's `WebSocket` interface chainkit uses; the `ws` package has it too. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "message" | "close" | "error", listener: (event: never) => void): void;
}

/** A WebSocket class with the browser's constructor: `new WebSocket(url)`. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;
