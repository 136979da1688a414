/**
 * The names closest to a mistyped one: those equal to it but for letter case when there are any,
 * else those within two edits (insert, delete, replace), nearest first; at most `limit`.
 *
 * @example
 * closestNames("btc", ["BTC", "ETH", "PURR/USDC"]); // ["BTC"]
 * closestNames("PUR/USDC", ["BTC", "PURR/USDC"]); // ["PURR/USDC"]
 */
export function closestNames(name: string, names: readonly string[], limit = 3): string[] {
  const lower = name.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const candidate of names) {
    if (candidate.toLowerCase() === lower) {
      scored.push({ name: candidate, score: 0 });
      continue;
    }
    const distance = editDistance(lower, candidate.toLowerCase(), 2);
    if (distance <= 2) scored.push({ name: candidate, score: distance });
  }
  const sameLetters = scored.filter((entry) => entry.score === 0);
  return (sameLetters.length > 0 ? sameLetters : scored)
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((entry) => entry.name);
}

/** Levenshtein distance, stopping early once every path is longer than `bound` (returns bound + 1). */
function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > bound) return bound + 1;
    previous = current;
  }
  return previous[b.length] as number;
}
