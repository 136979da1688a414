import { type AST, RegExpParser, visitRegExpAST } from "@eslint-community/regexpp";
import { getIntersectionWords, JS, NFA } from "refa";
import { analyse, type SelfReport, type TradeReport } from "scslre";

/**
 * Why a pattern can take time that grows faster than its input: what repeats against what, and the
 * shape of an input that makes it so.
 */
export interface Backtracking {
  /** `true` when the work doubles with each repeated character, `false` when it grows as a power of the length. */
  exponential: boolean;
  /** The cause in words, naming the parts of the pattern, e.g. `"a+" repeats inside "(a+)+"`. */
  cause: string;
  /** One character that, repeated, feeds both parts (`"a"`). */
  repeated: string;
  /** The same pattern without the cause, where one can be given that matches the same strings. */
  rewrite?: string;
  /** How to remove the cause by hand, in words. */
  advice: string;
}

/** More NFA states than this for one alternative and the pattern counts as too large to check. */
const MAX_NODES = 10_000;

/** A count at which a bounded repetition repeats so often that nesting in it costs as much as `*` would. */
const MANY_TURNS = 10;

/**
 * Whether a JSON Schema `pattern` (read with the `u` flag, and searched for anywhere in the string,
 * as validators test it) can backtrack super-linearly, and why. Quantifiers that trade characters
 * with each other or with themselves are found by scslre (as eslint-plugin-regexp's
 * no-super-linear-backtracking does); alternatives of a repetition that can match the same text,
 * which it does not look for, are found here, with refa's automata.
 *
 * @param pattern - A pattern that compiles with the `u` flag.
 * @param rewriteRounds - How many of scslre's fixes a suggested rewrite may chain (each fixes one cause).
 * @returns The first cause found, or `undefined` for a pattern that runs in linear time as far as
 * these checks see.
 * @throws {TooManyNodesError} (refa's) When the pattern is too large to check: its automata would
 * pass {@link MAX_NODES} states.
 * @example
 * patternBacktracking("^(a+)+$")?.cause; // "a+" repeats inside "(a+)+" …
 * patternBacktracking("^0x[0-9a-f]{64}$"); // undefined
 */
export function patternBacktracking(
  pattern: string,
  rewriteRounds = REWRITE_ROUNDS,
): Backtracking | undefined {
  const parsed = parse(pattern);
  const overlap = overlappingAlternatives(parsed);
  if (overlap) return overlap;
  // A range nested in a repetition of many turns backtracks like an unbounded one: `(a{1,9}){1,99}`.
  const widened = widenNestedRanges(parsed.pattern);
  const { reports } = analyse(parsed, { reportTypes: { Move: false }, maxReports: 1 });
  const report = reports.find((found) => found.type !== "Move");
  // A fix of a pattern read with widened ranges would not match what the written pattern matches.
  return report && describe(report, widened ? undefined : cleanRewrite(report, rewriteRounds));
}

/** How many of scslre's fixes, one cause each, a suggested rewrite may take. */
const REWRITE_ROUNDS = 4;

/** scslre's fix of `report`, then of what is left, until nothing is: `undefined` when that does not end. */
function cleanRewrite(report: SelfReport | TradeReport, rounds: number): string | undefined {
  const fixed = report.fix()?.source;
  if (fixed === undefined || rounds === 0) return undefined;
  const left = patternBacktracking(fixed, rounds - 1);
  return left === undefined ? fixed : left.rewrite;
}

function parse(pattern: string): { pattern: AST.Pattern; flags: AST.Flags } {
  const parser = new RegExpParser();
  return {
    pattern: parser.parsePattern(pattern, 0, pattern.length, { unicode: true }),
    flags: parser.parseFlags("u"),
  };
}

/** Sets the maximum of every range quantifier inside a many-turn repetition to unbounded; `true` when one was. */
function widenNestedRanges(pattern: AST.Pattern): boolean {
  let widened = false;
  visitRegExpAST(pattern, {
    onQuantifierEnter(quantifier) {
      if (quantifier.min === quantifier.max || quantifier.max < 2 || !insideManyTurns(quantifier)) return;
      // scslre reads the bounds from the node; only `max` changes, so its `raw` still says what the spec wrote.
      (quantifier as { max: number }).max = Number.POSITIVE_INFINITY;
      widened = true;
    },
  });
  return widened;
}

function insideManyTurns(node: AST.Node): boolean {
  for (let parent = node.parent; parent !== null; parent = parent.parent) {
    if (parent.type === "Quantifier" && parent.max >= MANY_TURNS) return true;
  }
  return false;
}

/**
 * Two alternatives of a repeated group that can match the same text (`(\w|\d)+`), or one that can
 * match what two turns of the group match (`(a|aa)+`): each repeat of that text can go either way,
 * so a failing match tries every combination.
 */
function overlappingAlternatives(parsed: {
  pattern: AST.Pattern;
  flags: AST.Flags;
}): Backtracking | undefined {
  const parser = JS.Parser.fromAst(parsed);
  let found: Backtracking | undefined;
  visitRegExpAST(parsed.pattern, {
    onQuantifierEnter(quantifier) {
      const group = quantifier.element;
      if (found || quantifier.max < MANY_TURNS || endsMatch(quantifier)) return;
      if (group.type !== "Group" && group.type !== "CapturingGroup") return;
      if (group.alternatives.length < 2) return;
      const turn = automaton(parser, group);
      const twoTurns = turn.copy();
      twoTurns.append(turn);
      const alternatives = group.alternatives.map((alternative) => automaton(parser, alternative));
      for (const [index, left] of alternatives.entries()) {
        for (const right of [...alternatives.slice(index + 1), twoTurns]) {
          const word = commonWord(left, right);
          if (word === undefined) continue;
          const other = right === twoTurns ? undefined : group.alternatives[alternatives.indexOf(right)];
          found = overlapFinding(quantifier, group.alternatives[index] as AST.Alternative, other, word);
          return;
        }
      }
    },
  });
  return found;
}

/**
 * The language of one part of the pattern, without the empty string (an empty turn ends a
 * repetition). Assertions are read as always true, so two alternatives told apart only by a
 * lookahead count as overlapping: a pattern is refused rather than passed on a guess.
 */
function automaton(parser: JS.Parser, element: JS.ParsableElement): NFA {
  const { expression, maxCharacter } = parser.parseElement(element, {
    backreferences: "disable",
    assertions: "ignore",
    maxNodes: MAX_NODES,
  });
  const nfa = NFA.fromRegex(expression, { maxCharacter }, { assertions: "ignore" });
  nfa.withoutEmptyWord();
  return nfa;
}

function commonWord(left: NFA, right: NFA): string | undefined {
  for (const word of getIntersectionWords(left, right, MAX_NODES)) return String.fromCodePoint(...word);
  return undefined;
}

/**
 * Whether the search succeeds as soon as `node` has matched: nothing after it in the pattern can
 * fail (only optional parts, no `$` or other assertion), so a run of its text never makes the engine
 * go back over the ways it matched.
 */
function endsMatch(node: AST.Node): boolean {
  let child: AST.Node = node;
  for (let parent = node.parent; parent !== null; child = parent, parent = parent.parent) {
    if (parent.type === "Alternative") {
      const after = parent.elements.slice(parent.elements.indexOf(child as AST.Element) + 1);
      if (!after.every(canBeSkipped)) return false;
    } else if (parent.type === "Assertion") return false;
  }
  return true;
}

function canBeSkipped(element: AST.Element): boolean {
  return element.type === "Quantifier" && element.min === 0;
}

function overlapFinding(
  quantifier: AST.Quantifier,
  alternative: AST.Alternative,
  other: AST.Alternative | undefined,
  word: string,
): Backtracking {
  const shown = JSON.stringify(word);
  const cause =
    other === undefined
      ? `the alternative "${alternative.raw}" of "${quantifier.raw}" matches ${shown}, which two turns of "${quantifier.raw}" also match`
      : `the alternatives "${alternative.raw}" and "${other.raw}" of "${quantifier.raw}" both match ${shown}`;
  return {
    exponential: quantifier.max === Number.POSITIVE_INFINITY,
    cause,
    repeated: word,
    advice:
      "make the alternatives match different text (merge single characters into one class, e.g. (\\w|\\d)+ → \\w+; or start each alternative with a character the others cannot start with)",
  };
}

function describe(report: SelfReport | TradeReport, rewrite: string | undefined): Backtracking {
  const repeated = report.character.pick;
  if (report.type === "Self") {
    return {
      exponential: report.exponential,
      cause: `"${report.quant.raw}" repeats inside "${report.parentQuant.raw}", so a run of ${JSON.stringify(repeated)} can be split between its turns in many ways`,
      repeated,
      ...(rewrite !== undefined && { rewrite }),
      advice: `let each turn of "${report.parentQuant.raw}" match one way only: drop the inner repetition, or make each turn end with a separator that "${report.quant.raw}" cannot match (e.g. ^(\\w+\\s?)*$ → ^(\\w+\\s)*\\w*$)`,
    };
  }
  const start = report.startQuant.raw;
  const end = report.endQuant.raw;
  return {
    exponential: report.exponential,
    cause: `"${start}" and "${end}" can both match a run of ${JSON.stringify(repeated)}, so the run can be split between them in many ways`,
    repeated,
    ...(rewrite !== undefined && { rewrite }),
    advice: `make "${start}" and what follows it match different characters, so a run has one place to end (e.g. ^\\d*5\\w*$ → ^[0-46-9]*5\\w*$), or merge the two repetitions into one`,
  };
}
