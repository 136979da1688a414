import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/**
 * Where a spec's `$ref`s may lead. A spec from elsewhere must not make the generator read a
 * user's files or send requests: by default only files in the spec's own folder (and below) are
 * read, and no URL is fetched.
 */
export interface RefPolicy {
  /** More folders whose files (and below) a `$ref` may name (`chainkit generate --allow-ref-root`). */
  allowRefRoots?: readonly string[];
  /** Origins whose URLs a `$ref` may name, e.g. `https://schemas.example.com` (`--allow-ref-url`). */
  allowRefUrls?: readonly string[];
}

/** A checker of `$ref` targets for one spec: says why a target is refused, or `undefined`. */
export type RefGate = (absoluteRef: string) => string | undefined;

/**
 * The gate for a spec at `specPath`: files are compared by their real paths (symlinks followed,
 * `..` resolved) against the real paths of the allowed folders, so no spelling of a path gets out.
 *
 * @example
 * refGate("specs/api.yaml", {})("/home/me/.npmrc"); // "…is outside the spec's folder…"
 */
export function refGate(specPath: string, policy: RefPolicy): RefGate {
  const roots = [dirname(realPath(resolve(specPath))), ...(policy.allowRefRoots ?? []).map(realRoot)];
  const origins = new Set((policy.allowRefUrls ?? []).map(originOf));
  return (absoluteRef) => {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(absoluteRef)) {
      const origin = safeOrigin(absoluteRef);
      if (origin !== undefined && origins.has(origin)) return undefined;
      return `$ref "${absoluteRef}" is a URL, and the generator fetches none unless told to: if you trust ${origin ?? "it"}, allow it with --allow-ref-url ${origin ?? "<origin>"}`;
    }
    const real = realPath(resolve(absoluteRef));
    if (roots.some((root) => isInside(real, root))) return undefined;
    return `$ref "${absoluteRef}" is outside the spec's folder (${roots[0]}), and the generator reads no file there unless told to: if you trust that folder, allow it with --allow-ref-root <dir>`;
  };
}

/** An allowed origin as the user typed it, normalized (`https://Example.com/` → `https://example.com`). */
function originOf(url: string): string {
  const origin = safeOrigin(url);
  if (origin === undefined || !/^https?:$/.test(new URL(url).protocol)) {
    throw new Error(
      `--allow-ref-url takes an http(s) origin such as https://schemas.example.com, not "${url}"`,
    );
  }
  return origin;
}

function safeOrigin(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

function realRoot(dir: string): string {
  return realPath(resolve(dir));
}

/**
 * The real path of `path`; for a path that does not exist (yet), the real path of its nearest
 * existing folder with the rest appended, so a missing file behind a symlink is still placed right.
 */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return resolve(realPath(parent), relative(parent, path));
  }
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return !isAbsolute(rel) && rel.split(sep)[0] !== "..";
}
