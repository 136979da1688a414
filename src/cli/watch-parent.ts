/**
 * Calls `onOrphaned` once when the process that started this one is gone (its parent id changes, as
 * the system hands an orphan to another parent). A launcher killed without a chance to pass the
 * signal on (`kill <npm pid>`, `kill -9`) then still stops the sandbox instead of leaving it serving.
 *
 * @param onOrphaned - Called once, when the parent is gone.
 * @param intervalMs - How often to look (default 500 ms); the timer never keeps the process alive.
 * @returns Stops watching.
 * @example
 * const stopWatching = watchParent(() => process.kill(process.pid, "SIGTERM"));
 */
export function watchParent(onOrphaned: () => void, intervalMs = 500): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
