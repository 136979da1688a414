/**
 * Light, dark or the system's setting: the switch in the header and the few bytes that apply the
 * reader's stored choice before the first paint (an external script would run too late and flash).
 */
import { html, SafeHtml } from "./html.js";

/** Where the reader's choice is kept (`light` or `dark`; absent means follow the system). */
export const THEME_STORAGE_KEY = "chainkit-docs-theme";

/**
 * The inline `<head>` script: pins `data-theme` on `<html>` from the stored choice, and marks the
 * page as scripted so the switch shows. Storage can be refused (privacy settings): the page then
 * follows the system.
 */
export function themeBootScript(): SafeHtml {
  // Our own constant, not spec text: JSON.stringify of a plain word is a safe script literal.
  const key = JSON.stringify(THEME_STORAGE_KEY);
  return new SafeHtml(
    `<script>(()=>{const d=document.documentElement;d.classList.add("js");try{const t=localStorage.getItem(${key});if(t==="light"||t==="dark")d.dataset.theme=t}catch{}})();</script>`,
  );
}

/** The theme switch; `site.js` (theme.js) wires it, and it is hidden when scripts do not run. */
export function themeSwitch(): SafeHtml {
  return html`<div class="theme-switch">
<label for="theme-choice">Theme</label>
<select id="theme-choice" data-storage-key="${THEME_STORAGE_KEY}">
<option value="system">System</option>
<option value="light">Light</option>
<option value="dark">Dark</option>
</select>
</div>`;
}
