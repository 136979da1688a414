/**
 * The portal's link rule: a spec's Markdown link stays on the portal's site or is a plain
 * http(s) link shown as external. Every refused target here is one a browser would resolve off
 * site (or run), though it looks relative or harmless.
 */
import { describe, expect, it } from "vitest";
import { linkTarget } from "../../scripts/docs/link-target.js";
import { renderMarkdown } from "../../scripts/docs/markdown.js";

describe("linkTarget", () => {
  it.each([
    ["/\\evil.example/x"],
    ["\\\\evil.example/x"],
    ["\\/evil.example/x"],
    ["//evil.example/x"],
    ["/%5Cevil.example/x"],
    ["/%255cevil.example/x"],
    ["%2F%2Fevil.example/x"],
    ["/\tx"],
    ["/%09/evil.example"],
    ["java\tscript:alert(1)"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["data:text/html,<script>"],
    ["mailto:a@example.com"],
    ["https:evil.example"],
    ["https:/evil.example"],
    ["/\u2028x"],
    ["%E0%A4%A"],
  ])("refuses %j", (url) => {
    expect(linkTarget(url)).toBeUndefined();
  });

  it.each([
    ["#getNode", false],
    ["evm.html#x", false],
    ["/index.html", false],
    ["../a.html", false],
    ["./b.html?x=1", false],
    ["https://example.org/a?b=1&c=2", true],
    ["HTTP://example.org/", true],
  ])("keeps %j (external: %s)", (url, external) => {
    expect(linkTarget(url)).toEqual({ href: url, external });
  });

  it("renders a refused link as its text, and an external one marked as such", () => {
    const out = renderMarkdown("[x](/\\evil.example/x) [ok](https://example.org/)").value;
    expect(out).not.toContain('<a href="/\\');
    expect(out).toContain("[x](/\\evil.example/x)");
    expect(out).toContain('<a href="https://example.org/" rel="external noopener noreferrer">ok</a>');
  });
});
