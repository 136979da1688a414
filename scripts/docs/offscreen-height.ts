/**
 * The height an operation, method or schema box is given while it is off screen. style.css lets the
 * browser skip laying out those boxes until they come near (`content-visibility: auto`); a skipped box
 * is as tall as its placeholder, and content taller than that spills over the next box. What an
 * assistive tool or Lighthouse reads then is links lying on top of each other ("partially obscured"
 * touch targets). A placeholder at least as tall as the content keeps every box to its own place;
 * once a box has been shown, the browser remembers its real height.
 */
import type { SafeHtml } from "./html.js";

// Measured at a phone's width (412 px) on the tallest boxes of the portal: at most 200 px plus 0.6 px
// a character of text and 30 px a block; these margins hold at 360 px too. Too tall a placeholder
// only makes the scroll bar guess long until the box is shown.
const BASE_PX = 300;
const PX_PER_CHARACTER = 1.5;
const PX_PER_BLOCK = 48;
const PX_PER_CODE_LINE = 22;

/**
 * The `style` of a box that the browser may skip while it is off screen: a placeholder height no
 * smaller than the box's content at a phone's width.
 *
 * @param content - The box's HTML.
 * @returns A `contain-intrinsic-size` declaration.
 * @example offscreenHeight(html`<p>Hi</p>`) // "contain-intrinsic-size:auto 351px"
 */
export function offscreenHeight(content: SafeHtml): string {
  const text = content.value.replace(/<[^>]*>/g, "");
  const blocks = content.value.match(/<(?:tr|li|p|h[1-6]|summary|pre|table|div)[\s>]/g)?.length ?? 0;
  const codeLines =
    content.value
      .match(/<pre[\s\S]*?<\/pre>/g)
      ?.join("")
      .split("\n").length ?? 0;
  const height =
    BASE_PX + text.length * PX_PER_CHARACTER + blocks * PX_PER_BLOCK + codeLines * PX_PER_CODE_LINE;
  return `contain-intrinsic-size:auto ${Math.ceil(height)}px`;
}
