/**
 * A small detector of regular expressions whose matching can take exponential time (catastrophic
 * backtracking), for patterns a server and its users' browsers run against every value typed.
 *
 * What it catches: a group repeated without bound (`+`, `*`, `{n,}`) with an alternative that
 * itself repeats without bound and has nothing fixed to match between two repetitions, e.g.
 * `(a+)+`, `(a*)*`, `(\w+\s?)*`, `(?:[a-z0-9]+[-.]?)+`, `(a+|b)+`, `((a+)b?)+`. Such a group can
 * split one run of text in exponentially many ways before a match fails.
 *
 * What it does not catch: repetitions kept apart by a fixed part that the repeated part can match
 * too (`(a+a)+`, `(([a-z])+.)+`), alternatives that overlap (`(a|aa)+`), and the polynomial cost
 * of adjacent repetitions (`a*a*a*b`). Patterns with a fixed separator (`(\d+,)*\d+`) or a bounded
 * outer repetition (`(a+){3}`) pass.
 */

/** What a piece of a pattern does to the backtracking question. */
interface Piece {
  /** It contains or is a repetition without upper bound. */
  unbounded: boolean;
  /** It always matches at least one character that is not part of a repetition. */
  fixed: boolean;
}

/** An open group: its alternatives so far (`|`), and whether it matches no text (lookaround). */
interface Group {
  start: number;
  alternatives: Piece[];
  zeroWidth: boolean;
}

const alternative = (): Piece => ({ unbounded: false, fixed: false });

/** Where a `[...]` class that opens at `i` ends (`]` right after `[` or `[^` closes it, as in JavaScript). */
function classEnd(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === "^") j++;
  while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
  return j;
}

/** Where an escape that starts at `i` (a backslash) ends, exclusive. */
function escapeEnd(pattern: string, i: number): number {
  const kind = pattern[i + 1];
  const until = (close: string) => {
    const end = pattern.indexOf(close, i + 2);
    return end < 0 ? pattern.length : end + 1;
  };
  if ((kind === "u" || kind === "p" || kind === "P") && pattern[i + 2] === "{") return until("}");
  if (kind === "k" && pattern[i + 2] === "<") return until(">");
  if (kind === "u") return i + 6;
  if (kind === "x") return i + 4;
  if (kind === "c") return i + 3;
  if (kind !== undefined && /[1-9]/.test(kind)) {
    let j = i + 2;
    while (/\d/.test(pattern[j] ?? "")) j++;
    return j;
  }
  return i + 2;
}

/** How long the group opening at `i` (a parenthesis) announces itself, and whether it is a lookaround. */
function groupOpening(pattern: string, i: number): { length: number; zeroWidth: boolean } {
  if (pattern[i + 1] !== "?") return { length: 1, zeroWidth: false };
  const next = pattern[i + 2];
  if (next === "=" || next === "!") return { length: 3, zeroWidth: true };
  if (next === "<" && (pattern[i + 3] === "=" || pattern[i + 3] === "!")) return { length: 4, zeroWidth: true };
  const nameEnd = pattern.indexOf(">", i);
  if (next === "<" && nameEnd > 0) return { length: nameEnd + 1 - i, zeroWidth: false };
  return { length: 3, zeroWidth: false }; // (?: and modifier groups
}

/** A quantifier at `i`: its bounds and where it ends (after a lazy `?`), or `undefined`. */
function quantifierAt(pattern: string, i: number): { min: number; max: number; end: number } | undefined {
  const c = pattern[i];
  let q: { min: number; max: number; end: number } | undefined;
  if (c === "*") q = { min: 0, max: Infinity, end: i + 1 };
  else if (c === "+") q = { min: 1, max: Infinity, end: i + 1 };
  else if (c === "?") q = { min: 0, max: 1, end: i + 1 };
  else if (c === "{") {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (!m) return undefined;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    q = { min, max, end: i + m[0].length };
  }
  if (q && pattern[q.end] === "?") q.end++;
  return q;
}

/**
 * The part of `pattern` (a JavaScript regular expression that compiles) that can backtrack
 * catastrophically, e.g. `(a+)+` of `(a+)+$`; `undefined` when the detector finds none (see the
 * file's comment for what it catches).
 */
export function catastrophicRepetition(pattern: string): string | undefined {
  const groups: Group[] = [{ start: -1, alternatives: [alternative()], zeroWidth: false }];
  // The piece just read, which a quantifier may still apply to.
  let pending: { piece: Piece; start: number; risky: boolean } | undefined;
  const commit = () => {
    if (!pending) return;
    const alts = groups[groups.length - 1].alternatives;
    const current = alts[alts.length - 1];
    current.unbounded ||= pending.piece.unbounded;
    current.fixed ||= pending.piece.fixed;
    pending = undefined;
  };
  const read = (start: number, piece: Piece, risky = false) => {
    commit();
    pending = { piece, start, risky };
  };

  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    const quantifier = quantifierAt(pattern, i);
    if (quantifier && pending) {
      const unbounded = quantifier.max === Infinity;
      if (unbounded && pending.risky) return pattern.slice(pending.start, quantifier.end);
      const { piece } = pending;
      pending.piece = { unbounded: piece.unbounded || unbounded, fixed: piece.fixed && quantifier.min >= 1 && quantifier.max === quantifier.min };
      pending.risky = false;
      commit();
      i = quantifier.end;
    } else if (c === "\\") {
      const zeroWidth = pattern[i + 1] === "b" || pattern[i + 1] === "B";
      read(i, { unbounded: false, fixed: !zeroWidth });
      i = escapeEnd(pattern, i);
    } else if (c === "[") {
      read(i, { unbounded: false, fixed: true });
      i = classEnd(pattern, i) + 1;
    } else if (c === "(") {
      commit();
      const opening = groupOpening(pattern, i);
      groups.push({ start: i, alternatives: [alternative()], zeroWidth: opening.zeroWidth });
      i += opening.length;
    } else if (c === ")" && groups.length > 1) {
      commit();
      const group = groups.pop()!;
      const alts = group.alternatives;
      const risky = !group.zeroWidth && alts.some((a) => a.unbounded && !a.fixed);
      const piece = { unbounded: alts.some((a) => a.unbounded), fixed: !group.zeroWidth && alts.every((a) => a.fixed) };
      read(group.start, piece, risky);
      i++;
    } else if (c === "|") {
      commit();
      groups[groups.length - 1].alternatives.push(alternative());
      i++;
    } else if (c === "^" || c === "$") {
      read(i, { unbounded: false, fixed: false });
      i++;
    } else {
      read(i, { unbounded: false, fixed: true });
      i++;
    }
  }
  return undefined;
}

/**
 * Why `pattern` cannot serve as a field's validation pattern, or `undefined` when it can: it must
 * compile, and must not repeat a group that itself repeats with nothing fixed between (which can
 * take exponential time in the server's and the visitors' browsers).
 */
export function regexPatternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
  } catch (err) {
    return `not a valid regular expression: ${(err as Error).message}`;
  }
  const nested = catastrophicRepetition(pattern);
  if (!nested) return undefined;
  return (
    `"${nested}" repeats a group that itself repeats, with nothing fixed between the repetitions: matching can take ` +
    "exponential time (catastrophic backtracking); write it without the nested repetition (e.g. a+ instead of (a+)+)"
  );
}
