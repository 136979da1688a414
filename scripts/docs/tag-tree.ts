/**
 * OpenAPI 3.2's hierarchical tags (`parent`, `summary`, `kind`) in the navigation: a tag's links sit
 * under its parent's, and a tag shows its `summary` as its title.
 */
import type { NavLink } from "./layout.js";

/** A tag as the navigation needs it. */
export interface TagNode {
  name: string;
  /** The parent tag's name (3.2 `parent`), when it names a tag of the page. */
  parent?: string;
}

/**
 * Nests each tag's link under its parent's; a tag whose parent is unknown, or that would make a
 * loop, stays at the top.
 *
 * @param tags - The tags in page order.
 * @param link - A tag's own link (its operations as children).
 * @example nestTags([{ name: "nodes" }, { name: "ops", parent: "nodes" }], link)
 */
export function nestTags<T extends TagNode>(tags: readonly T[], link: (tag: T) => NavLink): NavLink[] {
  const names = new Set(tags.map((tag) => tag.name));
  const isTop = (tag: T) => tag.parent === undefined || !names.has(tag.parent) || inLoop(tag);
  const build = (tag: T): NavLink => {
    const own = link(tag);
    const children = tags.filter((child) => child.parent === tag.name && !isTop(child)).map(build);
    return { ...own, children: [...children, ...(own.children ?? [])] };
  };
  return tags.filter(isTop).map(build);

  function inLoop(tag: T): boolean {
    const seen = new Set<string>([tag.name]);
    let parent = tag.parent;
    while (parent !== undefined) {
      if (seen.has(parent)) return true;
      seen.add(parent);
      parent = tags.find((candidate) => candidate.name === parent)?.parent;
    }
    return false;
  }
}
