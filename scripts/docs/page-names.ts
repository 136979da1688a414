/**
 * File names of a split reference's tag pages that no two tags can share. A tag's name is cut to
 * letters, digits, `_`, `.` and single dashes, so `--` only ever separates the reference, the tag
 * and the part (`exchange--tag-Orders--2.html` cannot also be tag `Orders--2`). Tags that still meet
 * (`User data` and `User/data`, or `Orders` and `orders` on a disk that ignores case) keep the first
 * one's name and the next get `-2`, `-3`… in the spec's order, so every build names them alike.
 */

// Well under the 255 bytes a file name may have, with the reference's name and the part around it.
const MOST_CHARACTERS = 100;

/**
 * Names the pages of each tag of a split reference.
 *
 * @param indexFile - The reference's index page, e.g. `exchange.html`.
 * @param tags - The tags' names, in the spec's order.
 * @returns The file of one part (from 0) of a tag.
 * @example tagPageNames("exchange.html", ["User data"])("User data", 1) // "exchange--tag-User-data--2.html"
 */
export function tagPageNames(
  indexFile: string,
  tags: readonly string[],
): (tag: string, part: number) => string {
  const stem = indexFile.replace(/\.html$/, "");
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const tag of tags) {
    if (names.has(tag)) continue;
    const base = fileSafe(tag);
    let name = base;
    for (let count = 2; taken.has(name.toLowerCase()); count++) name = `${base}-${count}`;
    taken.add(name.toLowerCase());
    names.set(tag, name);
  }
  return (tag, part) => {
    const name = names.get(tag) ?? fileSafe(tag);
    return `${stem}--tag-${name}${part === 0 ? "" : `--${part + 1}`}.html`;
  };
}

function fileSafe(tag: string): string {
  const name = tag
    .replace(/[^A-Za-z0-9_.]+/g, "-")
    .slice(0, MOST_CHARACTERS)
    .replace(/^-+|-+$/g, "");
  return name === "" ? "tag" : name;
}
