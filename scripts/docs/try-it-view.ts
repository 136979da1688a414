/**
 * The "Try it" hook of an operation or method on a reference page: a closed disclosure, two elements,
 * so a page of hundreds of operations stays light. Opening it loads the form's script
 * (`assets/try-it.js`, via `site.js`), which builds the form from `try-it/<surface>.json`.
 */
import { html, type SafeHtml } from "./html.js";

/**
 * Renders the hook; the form finds its operation by the enclosing section's anchor id.
 *
 * @param surface - The surface id (`try-it/<surface>.json`).
 * @example tryItView("platform")
 */
export function tryItView(surface: string): SafeHtml {
  return html`<details class="try-it" data-try-it="${surface}"><summary>Try it</summary></details>`;
}
