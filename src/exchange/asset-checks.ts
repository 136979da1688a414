// What the exchange client loads with its first action that places or sizes an order, kept out of
// the client's own module so that a client made and not yet used carries none of it: the `/info`
// reader of the assets' rules, and the price and size checks against them.
export { orderIssues } from "./assets/check-orders.js";
export { sizeProblem } from "./assets/price-rules.js";
export { createInfoClient } from "./info-client.js";
