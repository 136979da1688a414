// The runtime's WebSocket transport as a live client loads it: with the call path (why:
// ../evm-call-path.ts).
import "../evm-call-path.js";

export { createWebSocketTransport } from "../../../runtime/websocket/websocket-transport.js";
