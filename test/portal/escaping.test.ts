/**
 * Spec text is untrusted: descriptions, names and examples must come out escaped, and Markdown links
 * may only point at safe targets.
 */

import { runInNewContext } from "node:vm";
import { describe, expect, test } from "vitest";
import { html } from "../../scripts/docs/html.js";
import type { LoadedSpec } from "../../scripts/docs/load-specs.js";
import { renderMarkdown } from "../../scripts/docs/markdown.js";
import { openapiPages } from "../../scripts/docs/openapi-page.js";
import { openrpcPages } from "../../scripts/docs/openrpc-page.js";
import { searchIndexScript } from "../../scripts/docs/search-index.js";
import { SPEC_SURFACES } from "../../scripts/docs/surfaces.js";

const EVIL = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;

function surface(id: "platform" | "evm") {
  const found = SPEC_SURFACES.find((entry) => entry.id === id);
  if (!found) throw new Error(`no surface ${id}`);
  return found;
}

describe("Markdown subset", () => {
  test("escapes raw HTML and keeps the supported markup", () => {
    const out = renderMarkdown(`${EVIL} **bold** \`<code>\` *em*\n\n- one\n- two`).value;
    expect(out).not.toMatch(/<img|<script/);
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain("<code>&lt;code&gt;</code>");
    expect(out).toContain("<em>em</em>");
    expect(out).toContain("<ul><li>one</li><li>two</li></ul>");
  });

  test("keeps safe links and drops script links", () => {
    const out = renderMarkdown(
      "[ok](https://example.org/a?b=1&c=2) [bad](javascript:alert(1)) [rel](evm.html#x)",
    ).value;
    expect(out).toContain(
      '<a href="https://example.org/a?b=1&amp;c=2" rel="external noopener noreferrer">ok</a>',
    );
    expect(out).toContain('<a href="evm.html#x">rel</a>');
    expect(out).not.toContain('href="javascript');
  });

  test("emphasis markers inside a link target stay part of the URL", () => {
    const out = renderMarkdown("[a](https://x.example/*y) and z* [b](https://x.example/c**d) **e**").value;
    expect(out).toContain('<a href="https://x.example/*y" rel="external noopener noreferrer">a</a> and z*');
    expect(out).toContain(
      '<a href="https://x.example/c**d" rel="external noopener noreferrer">b</a> <strong>e</strong>',
    );
    expect(renderMarkdown("**see [a](https://x.example/) now**").value).toContain(
      '<strong>see <a href="https://x.example/" rel="external noopener noreferrer">a</a> now</strong>',
    );
  });

  test("a protocol-relative target is not taken for a relative one", () => {
    const out = renderMarkdown("[away](//elsewhere.example/x) [root](/index.html) [up](../a.html)").value;
    expect(out).not.toContain('href="//');
    expect(out).toContain('<a href="/index.html">root</a>');
    expect(out).toContain('<a href="../a.html">up</a>');
  });

  test("a link cannot break out of its attribute", () => {
    const out = renderMarkdown('[x](https://a.example/"onmouseover="alert(1))').value;
    expect(out).not.toMatch(/"\s*onmouseover=/);
  });
});

test("templates escape interpolations", () => {
  expect(html`<p title="${'"><b>'}">${EVIL}</p>`.value).not.toMatch(/<b>|<img|<script/);
});

test("the search index script carries any spec text as data, never as code", () => {
  const hostile = [
    '"); globalThis.pwned = true; ("',
    "` + (globalThis.pwned = true) + `",
    '\\"); globalThis.pwned = true; //',
    "\u2028globalThis.pwned = true\u2029",
    "</script><script>globalThis.pwned = true</script>",
  ];
  const entries = hostile.map((name) => ({
    kind: "schema" as const,
    name,
    detail: name,
    surface: name,
    href: `a.html#${name}`,
  }));
  const context: { chainkitSearchIndex?: unknown; pwned?: boolean } = {};
  runInNewContext(searchIndexScript(entries), context);
  expect(context.pwned).toBeUndefined();
  expect(context.chainkitSearchIndex).toEqual(entries);
});

test("an OpenAPI spec with markup in every text field renders it as text", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: EVIL, version: EVIL, description: EVIL, summary: EVIL },
    servers: [{ url: EVIL, description: EVIL }],
    tags: [{ name: EVIL, description: EVIL }],
    paths: {
      "/x": {
        get: {
          operationId: "op",
          tags: [EVIL],
          summary: EVIL,
          description: EVIL,
          parameters: [
            { name: EVIL, in: "query", description: EVIL, schema: { type: "string", pattern: EVIL } },
          ],
          responses: {
            "200": {
              description: EVIL,
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/S" }, example: { a: EVIL } },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: { S: { type: "object", description: EVIL, properties: { [EVIL]: { enum: [EVIL] } } } },
    },
  };
  const spec: LoadedSpec = { surface: surface("platform"), path: "specs/x.yaml", text: "", doc };
  const out = openapiPages(spec)[0]?.page.body.value ?? "";
  expect(out).toContain("op");
  expect(out).not.toMatch(/<img|<script/);
});

test("an OpenRPC spec with markup in every text field renders it as text", () => {
  const doc = {
    openrpc: "1.2.6",
    info: { title: EVIL, version: "1", description: EVIL },
    methods: [
      {
        name: EVIL,
        summary: EVIL,
        description: EVIL,
        params: [{ name: EVIL, description: EVIL, schema: { type: "string", description: EVIL } }],
        result: { name: EVIL, schema: { const: EVIL } },
        errors: [{ code: 1, message: EVIL, data: EVIL }],
        examples: [
          { name: EVIL, params: [{ name: EVIL, value: EVIL }], result: { name: EVIL, value: EVIL } },
        ],
      },
    ],
    components: { errors: { E: { code: 2, message: EVIL } } },
  };
  const spec: LoadedSpec = { surface: surface("evm"), path: "specs/x.yaml", text: "", doc };
  const out = openrpcPages(spec)
    .map((built) => built.page.body.value)
    .join("\n");
  expect(out).not.toMatch(/<img|<script/);
});
