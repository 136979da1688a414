import type { SeededRandom } from "../../sandbox/seeded-random.js";

/** Bounds on the string's length (the schema's `minLength`/`maxLength`). */
export interface LengthBounds {
  min: number;
  max: number;
}

/**
 * A string that matches a spec's `pattern`, drawn from the pattern itself: literals, classes
 * (`[a-f0-9]`, `\d`, `\w`), groups with alternatives, and the quantifiers `?`, `*`, `+`, `{n}`,
 * `{n,m}`. Anchors and lookarounds are read as nothing. Unbounded repeats stay short but grow
 * toward `minLength`. The caller checks the result against the validator, as a pattern can say more
 * than this reads (back-references, say).
 *
 * @param pattern - The ECMAScript pattern from the spec.
 * @param random - The seeded source.
 * @param bounds - The schema's length bounds.
 * @returns A string meant to match.
 * @example
 * patternSample("^0x[0-9a-f]{4}$", new SeededRandom(1), { min: 0, max: 16 }); // e.g. "0x3fa0"
 */
export function patternSample(pattern: string, random: SeededRandom, bounds: LengthBounds): string {
  const reader = new PatternReader(pattern, random, bounds);
  return reader.alternatives();
}

const DIGITS = "0123456789";
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;
const PRINTABLE = `${WORD}-`;

class PatternReader {
  #at = 0;
  readonly #source: string;
  readonly #random: SeededRandom;
  readonly #bounds: LengthBounds;

  constructor(source: string, random: SeededRandom, bounds: LengthBounds) {
    this.#source = source;
    this.#random = random;
    this.#bounds = bounds;
  }

  /** `a|b|c` up to the end or a closing parenthesis. */
  alternatives(): string {
    const options = [this.#sequence()];
    while (this.#source[this.#at] === "|") {
      this.#at++;
      options.push(this.#sequence());
    }
    return this.#random.pick(options);
  }

  #sequence(): string {
    let text = "";
    while (this.#at < this.#source.length) {
      const char = this.#source[this.#at] as string;
      if (char === "|" || char === ")") break;
      const atom = this.#atom();
      text += this.#repeat(atom);
    }
    return text;
  }

  /** One atom, as a function drawing one occurrence of it. */
  #atom(): () => string {
    const char = this.#source[this.#at++] as string;
    if (char === "^" || char === "$") return () => "";
    if (char === "(") {
      if (this.#source.startsWith("?=", this.#at) || this.#source.startsWith("?!", this.#at)) {
        this.#skipGroup();
        return () => "";
      }
      if (this.#source.startsWith("?:", this.#at)) this.#at += 2;
      else if (this.#source.startsWith("?<", this.#at)) this.#at = this.#source.indexOf(">", this.#at) + 1;
      const start = this.#at;
      this.alternatives();
      const end = this.#at;
      this.#at++; // ")"
      const inner = this.#source.slice(start, end);
      return () => new PatternReader(inner, this.#random, this.#bounds).alternatives();
    }
    if (char === "[") return this.#characterClass();
    if (char === ".") return () => this.#random.pick([...WORD]);
    if (char === "\\") return this.#escape();
    return () => char;
  }

  #skipGroup(): void {
    let depth = 1;
    while (this.#at < this.#source.length && depth > 0) {
      const char = this.#source[this.#at++];
      if (char === "\\") this.#at++;
      else if (char === "(") depth++;
      else if (char === ")") depth--;
    }
  }

  #escape(): () => string {
    const char = this.#source[this.#at++] as string;
    const set = escapeSet(char);
    if (set !== undefined) return () => this.#random.pick([...set]);
    if (char === "u" && /^[0-9a-fA-F]{4}/.test(this.#source.slice(this.#at))) {
      const code = Number.parseInt(this.#source.slice(this.#at, this.#at + 4), 16);
      this.#at += 4;
      return () => String.fromCharCode(code);
    }
    if (char === "b" || char === "B") return () => "";
    return () => char;
  }

  /** `[...]`: the characters it allows, drawn from; a negated class draws from printable ones it leaves out. */
  #characterClass(): () => string {
    const negated = this.#source[this.#at] === "^";
    if (negated) this.#at++;
    const members = new Set<string>();
    let first = true;
    while (this.#at < this.#source.length && (this.#source[this.#at] !== "]" || first)) {
      first = false;
      let char = this.#source[this.#at++] as string;
      if (char === "\\") {
        const escaped = this.#source[this.#at++] as string;
        const set = escapeSet(escaped);
        if (set !== undefined) {
          for (const member of set) members.add(member);
          continue;
        }
        char = escaped;
      }
      if (
        this.#source[this.#at] === "-" &&
        this.#source[this.#at + 1] !== "]" &&
        this.#at + 1 < this.#source.length
      ) {
        this.#at++;
        let end = this.#source[this.#at++] as string;
        if (end === "\\") end = this.#source[this.#at++] as string;
        for (
          let code = char.charCodeAt(0);
          code <= end.charCodeAt(0) && code - char.charCodeAt(0) < 256;
          code++
        ) {
          members.add(String.fromCharCode(code));
        }
      } else members.add(char);
    }
    this.#at++; // "]"
    const pool = negated ? [...PRINTABLE].filter((char) => !members.has(char)) : [...members];
    return () => (pool.length > 0 ? this.#random.pick(pool) : "a");
  }

  #repeat(atom: () => string): string {
    const char = this.#source[this.#at];
    let min = 1;
    let max = 1;
    if (char === "?") [min, max] = [0, 1];
    else if (char === "*") [min, max] = [0, 3];
    else if (char === "+") [min, max] = [1, 3];
    else if (char === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.#source.slice(this.#at));
      if (match) {
        min = Number(match[1]);
        max = match[2] === undefined ? min : match[3] ? Number(match[3]) : min + 3;
        this.#at += match[0].length - 1;
      }
    }
    if (char === "?" || char === "*" || char === "+" || (char === "{" && max >= min)) {
      this.#at++;
      if (this.#source[this.#at] === "?" || this.#source[this.#at] === "+") this.#at++; // lazy or possessive
    }
    // Unbounded repeats reach toward minLength, so `^[a-z]+$` with minLength 8 is met.
    if (char === "*" || char === "+") max = Math.max(max, this.#bounds.min);
    const count = min === max ? min : this.#random.int(min, max);
    let text = "";
    for (let i = 0; i < count; i++) text += atom();
    return text;
  }
}

function escapeSet(char: string): string | undefined {
  if (char === "d") return DIGITS;
  if (char === "w") return WORD;
  if (char === "s") return " ";
  if (char === "D" || char === "W" || char === "S") return "-";
  return undefined;
}
