import { createHash } from "node:crypto";
import { existsSync, type FSWatcher, readdirSync, readFileSync, watch } from "node:fs";
import { basename, dirname, join, relative } from "node:path";

/** What {@link watchGeneration} needs from the generator and the command. */
export interface WatchOptions {
  spec: string;
  out: string;
  /** Generates once; rejects with a message that locates a broken spec. */
  generate: () => Promise<void>;
  /** The spec and every file its `$ref`s reach (absolute paths). */
  referencedFiles: (spec: string) => Promise<string[]>;
  /** Where a line about each run goes (stdout) and where a broken save's error goes (stderr). */
  print: (line: string) => void;
  printError: (line: string) => void;
}

/**
 * `chainkit generate --watch`: regenerates after each save of the spec or of a file it references
 * (the list is read again after every run, so a newly referenced file is watched too), printing the
 * time, the files saved and the output files that changed. A broken save prints its located error
 * and leaves the last good output as it was (the generator writes nothing until a spec reads).
 * Folders are watched, not files: editors save by writing a new file and renaming it over the old.
 *
 * @returns Stops watching.
 */
export async function watchGeneration(options: WatchOptions): Promise<() => void> {
  const watchers = new Map<string, FSWatcher>();
  let watched = new Set<string>();
  let saved = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();

  const follow = async (): Promise<void> => {
    watched = new Set(await options.referencedFiles(options.spec));
    const folders = new Set([...watched].map((file) => dirname(file)).filter((folder) => existsSync(folder)));
    for (const [folder, watcher] of watchers) {
      if (folders.has(folder)) continue;
      watcher.close();
      watchers.delete(folder);
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      watchers.set(
        folder,
        watch(folder, (_event, name) => {
          const file = name === null ? undefined : join(folder, name.toString());
          if (file === undefined || !watched.has(file)) return;
          saved.add(file);
          // One run for a burst of events (an editor's write and rename, several files saved at once).
          clearTimeout(timer);
          timer = setTimeout(() => {
            running = running.then(regenerate);
          }, 100);
        }),
      );
    }
  };

  const regenerate = async (): Promise<void> => {
    // Named from the spec's folder: `shop.yaml`, `schemas/item.yaml`.
    const files = [...saved].map((file) => relative(dirname(options.spec), file) || basename(file)).sort();
    saved = new Set();
    const before = outputDigests(options.out);
    const started = performance.now();
    const time = new Date().toTimeString().slice(0, 8);
    let report: () => void;
    try {
      await options.generate();
      const after = outputDigests(options.out);
      const changed = [...new Set([...before.keys(), ...after.keys()])]
        .filter((file) => before.get(file) !== after.get(file))
        .sort();
      const line = `[${time}] ${files.join(", ")} saved: ${changed.length === 0 ? "output unchanged" : `${changed.length} changed (${changed.join(", ")})`} in ${Math.round(performance.now() - started)} ms`;
      report = () => options.print(line);
    } catch (error) {
      const line = `[${time}] ${files.join(", ")} saved: ${error instanceof Error ? error.message : String(error)}\n  (the last good output in ${options.out} is kept)`;
      report = () => options.printError(line);
    }
    // The files the spec now references are watched before the run is reported, so a save that
    // follows the report is never missed.
    await follow();
    report();
  };

  await follow();
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
  };
}

/** Each output file's digest, by its path under `out`. */
function outputDigests(out: string): Map<string, string> {
  const digests = new Map<string, string>();
  if (!existsSync(out)) return digests;
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    digests.set(relative(out, path), createHash("sha256").update(readFileSync(path)).digest("hex"));
  }
  return digests;
}
