/**
 * A reference too large for one page is split in pages by size: an index page (overview, servers,
 * authentication, every operation listed), a page per tag (cut in parts when a tag alone is too
 * large) and the schemas in pages. What a phone on a slow network can open quickly decides the size,
 * not the number of operations: one operation with its examples, copied calls and schemas can weigh
 * 20 KB, another 2 KB.
 */
import { html, SafeHtml } from "./html.js";

/**
 * The most HTML a reference page's content should hold, in bytes. Lighthouse's mobile preset
 * (simulated slow 4G, a 4× slower CPU) scores a portal page of about this size 95 or more; a
 * 240 KB page scored 64 (see docs/portal.md, "Lighthouse").
 */
export const PAGE_BYTES = 100_000;

/** Schemas per page of a split reference, however small they are (a page's sidebar lists each). */
export const SCHEMAS_PER_PAGE = 150;

/** Something rendered, with its size. */
export interface Sized<T> {
  item: T;
  bytes: number;
}

/**
 * Cuts items, kept in order, into runs of at most `budget` bytes and `most` items; an item larger
 * than the budget is a run of its own.
 *
 * @param items - The items with their sizes.
 * @param budget - The most bytes a run holds.
 * @param most - The most items a run holds.
 * @returns The runs, none empty.
 * @example packBySize([{ item: "a", bytes: 60 }, { item: "b", bytes: 60 }], 100) // [["a"], ["b"]]
 */
export function packBySize<T>(items: readonly Sized<T>[], budget: number, most = Infinity): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const { item, bytes: size } of items) {
    if (run.length > 0 && (bytes + size > budget || run.length >= most)) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * The file of a page of schemas: `exchange--schemas-1.html`, …
 *
 * @param file - The reference's index page.
 * @param page - The page, from 0.
 * @example schemasFile("exchange.html", 0) // "exchange--schemas-1.html"
 */
export function schemasFile(file: string, page: number): string {
  return file.replace(/\.html$/, `--schemas-${page + 1}.html`);
}

/**
 * Points a page's in-page links (`href="#op-order.body.grouping"`) whose target is not on the page
 * at the page of the split reference that holds it: the page `where` gives for the anchor's longest
 * prefix cut at dots (so a field's link follows its operation or schema), else the index (the
 * overview, servers, authentication and shared errors stay there). Anchors are letters, digits,
 * `_`, `.` and `-`, and spec text reaches the page escaped, so `href="#` only ever starts one of the
 * page's own links.
 *
 * @param body - The page's content.
 * @param page - The page's file.
 * @param where - The file that holds each item's anchor (`op-order`, `tag-Orders`, `schema-Node`).
 * @param index - The reference's index page.
 * @returns The content, those links qualified by their file.
 * @example pointLinksAtPages(body, "exchange--tag-Orders.html", where, "exchange.html")
 */
export function pointLinksAtPages(
  body: SafeHtml,
  page: string,
  where: ReadonlyMap<string, string>,
  index: string,
): SafeHtml {
  const own = new Set([...body.value.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]));
  return new SafeHtml(
    body.value.replace(/href="#([^"]*)"/g, (link, anchor: string) => {
      if (anchor === "" || own.has(anchor)) return link;
      const file = holderOf(anchor, where) ?? index;
      return file === page ? link : `href="${file}#${anchor}"`;
    }),
  );
}

/**
 * A link as written on `page`: `page.html#x` there is `#x`.
 *
 * @example hrefOn("a.html", "a.html#op-x") // "#op-x"
 */
export function hrefOn(page: string, href: string): string {
  return href.startsWith(`${page}#`) ? href.slice(page.length) : href;
}

function holderOf(anchor: string, where: ReadonlyMap<string, string>): string | undefined {
  const parts = anchor.split(".");
  for (let length = parts.length; length > 0; length -= 1) {
    const file = where.get(parts.slice(0, length).join("."));
    if (file !== undefined) return file;
  }
  return undefined;
}

/** The schema pages of a split reference: the names each holds, its file and its title. */
export function schemaPagesOf(
  file: string,
  names: readonly string[],
  bytesOf: (name: string) => number,
): { names: string[]; file: string; title: string }[] {
  const pages = packBySize(
    names.map((name) => ({ item: name, bytes: bytesOf(name) })),
    PAGE_BYTES,
    SCHEMAS_PER_PAGE,
  );
  return pages.map((run, at) => ({
    names: run,
    file: schemasFile(file, at),
    title: pages.length === 1 ? "Schemas" : `Schemas ${at + 1} of ${pages.length}`,
  }));
}

/** The heading of one page of a split reference, with the way back to its index. */
export function partHeading(title: string, indexFile: string, referenceTitle: string): SafeHtml {
  return html`<h1>${title}</h1><p class="see">Part of the <a href="${indexFile}">${referenceTitle} reference</a>.</p>`;
}
