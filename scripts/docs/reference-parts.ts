/**
 * The pages of a split reference that the OpenAPI and OpenRPC references build alike: a tag's items
 * (operations or methods) cut into parts by size, the schemas in pages, which page holds each item,
 * and each part's page with its heading and sidebar. Each builder keeps what differs: how an item
 * and a tag's section look, and its index page.
 */
import { anchorId } from "./anchors.js";
import { html, type SafeHtml } from "./html.js";
import type { BuiltPage, NavLink } from "./layout.js";
import { tagPageNames } from "./page-names.js";
import {
  hrefOn,
  PAGE_BYTES,
  packBySize,
  partHeading,
  pointLinksAtPages,
  schemaPagesOf,
} from "./reference-split.js";

/** One page of a tag's items: the `at`-th of `of`. */
export interface TagPart<G, T> {
  group: G;
  at: number;
  of: number;
  items: T[];
  file: string;
}

/** What a reference is split into, and where each item landed. */
export interface SplitReference<G, T> {
  tagParts: TagPart<G, T>[];
  schemaPages: { names: string[]; file: string; title: string }[];
  /** The page of an anchor's item, then `#` and the anchor (the index when no page holds it). */
  at(anchor: string): string;
  /** A page's content with its links to items on other pages pointed at those pages. */
  linked(page: string, content: SafeHtml): SafeHtml;
}

/** A reference's tags, items and schemas, rendered. */
export interface ReferenceContent<G, T> {
  /** The index page, e.g. `exchange.html`. */
  file: string;
  groups: readonly G[];
  itemsOf(group: G): readonly T[];
  itemAnchor(item: T): string;
  itemHtml(item: T): SafeHtml | undefined;
  schemaNames: readonly string[];
  schemaHtml(name: string): SafeHtml | undefined;
}

/**
 * The sidebar entry of an unsplit reference's schemas section, with a link per schema.
 *
 * @param schemaNames - The spec's schema names, in the page's order.
 * @returns The entry.
 */
export function schemasNavLink(schemaNames: readonly string[]): NavLink {
  return {
    href: `#${anchorId("section", "schemas")}`,
    title: "Schemas",
    children: schemaNames.map((name) => ({ href: `#${anchorId("schema", name)}`, title: name })),
  };
}

/**
 * Cuts a reference into tag parts and schema pages and notes which page holds each tag, item and
 * schema.
 *
 * @example const split = splitReference({ file: "evm.html", groups, itemsOf: (g) => g.methods, … });
 */
export function splitReference<G extends { name: string }, T>(
  content: ReferenceContent<G, T>,
): SplitReference<G, T> {
  const { file, groups } = content;
  const tagPartFile = tagPageNames(
    file,
    groups.map((group) => group.name),
  );
  const tagParts = groups.flatMap((group) =>
    packBySize(
      content.itemsOf(group).map((item) => ({ item, bytes: content.itemHtml(item)?.value.length ?? 0 })),
      PAGE_BYTES,
    ).map((items, at, all) => ({ group, at, of: all.length, items, file: tagPartFile(group.name, at) })),
  );
  const schemaPages = schemaPagesOf(
    file,
    [...content.schemaNames],
    (name) => content.schemaHtml(name)?.value.length ?? 0,
  );
  // Which page holds each item a link can name; anything else stays on the index.
  const where = new Map<string, string>();
  for (const part of tagParts) {
    if (part.at === 0) where.set(anchorId("tag", part.group.name), part.file);
    for (const item of part.items) where.set(content.itemAnchor(item), part.file);
  }
  for (const { names, file: page } of schemaPages) {
    for (const name of names) where.set(anchorId("schema", name), page);
  }
  return {
    tagParts,
    schemaPages,
    at: (anchor) => `${where.get(anchor) ?? file}#${anchor}`,
    linked: (page, body) => pointLinksAtPages(body, page, where, file),
  };
}

/** How a builder shows a tag part's page. */
export interface PartView<G, T> {
  /** The reference's index page and title. */
  file: string;
  referenceTitle: string;
  /** A tag's title (its summary, or its name). */
  titleOf(group: G): string;
  /** The sidebar's links to a tag's items, as on one page (`#op-x`). */
  linksOf(group: G): NavLink[];
  /** A part's section of its tag. */
  sectionOf(part: TagPart<G, T>): SafeHtml;
  /** The section of a page of schemas. */
  schemasSection(names: readonly string[]): SafeHtml;
}

/**
 * The page of each tag part and each schema page: its heading with the way back to the index, its
 * sidebar, its links pointed at the pages that hold their items.
 *
 * @example pages.push(...partPages(split, view));
 */
export function partPages<G, T>(split: SplitReference<G, T>, view: PartView<G, T>): BuiltPage[] {
  const back = (title: string) => partHeading(title, view.file, view.referenceTitle);
  const home: NavLink = { href: view.file, title: `${view.referenceTitle} reference` };
  return [
    ...split.tagParts.map((part) => {
      const pageTitle = `${view.referenceTitle}: ${view.titleOf(part.group)}${part.of > 1 ? ` (${part.at + 1} of ${part.of})` : ""}`;
      return {
        page: {
          file: part.file,
          title: pageTitle,
          toc: [
            home,
            ...view
              .linksOf(part.group)
              .map((link) => ({ ...link, href: hrefOn(part.file, split.at(link.href.slice(1))) })),
          ],
          body: split.linked(part.file, html`${back(pageTitle)}${view.sectionOf(part)}`),
        },
        search: [],
      };
    }),
    ...split.schemaPages.map(({ names, file: page, title }) => ({
      page: {
        file: page,
        title: `${view.referenceTitle}: ${title}`,
        toc: [home, ...names.map((name) => ({ href: `#${anchorId("schema", name)}`, title: name }))],
        body: split.linked(
          page,
          html`${back(`${view.referenceTitle}: ${title}`)}${view.schemasSection(names)}`,
        ),
      },
      search: [],
    })),
  ];
}
