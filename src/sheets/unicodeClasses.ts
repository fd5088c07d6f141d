// Letter classes for names and headers. Unicode property escapes (\p{L}) are ES2018: Edge Legacy
// (EdgeHTML 18), the web view of the oldest Office builds we support, cannot parse them, and a
// regular expression literal that holds one would stop the whole bundle from loading there. So
// these patterns are built at run time: exact where the engine has property escapes (every
// current host), and there an approximation (ASCII classes, Latin-1 letters by case, and every
// other non-ASCII character counted as a letter).

/** True when this engine understands \p{…} in a "u" regular expression. */
function hasPropertyEscapes(): boolean {
  try {
    return new RegExp("\\p{L}", "u").test("é");
  } catch {
    return false;
  }
}

export interface LetterPatterns {
  /** Combining marks (left after NFD): dropped to strip accents. */
  readonly marks: RegExp;
  /** A run of characters that are not letters, decimal digits, "_" or ".". */
  readonly notNameCharacters: RegExp;
  /** A string that starts with a letter or "_". */
  readonly startsWithLetter: RegExp;
  /** A lower-case letter or digit followed by an upper-case letter (camelCase). */
  readonly lowerThenUpper: RegExp;
  /** Upper-case letters, then an upper-case letter followed by a lower-case one (HTTPStatus). */
  readonly acronymThenWord: RegExp;
}

const EXACT = {
  marks: ["\\p{M}", "gu"],
  notNameCharacters: ["[^\\p{L}\\p{Nd}_.]+", "u"],
  startsWithLetter: ["^[\\p{L}_]", "u"],
  lowerThenUpper: ["([\\p{Ll}\\d])(\\p{Lu})", "gu"],
  acronymThenWord: ["(\\p{Lu}+)(\\p{Lu}\\p{Ll})", "gu"],
} as const;

const UPPER = "A-Z\\u00C0-\\u00D6\\u00D8-\\u00DE";
const LOWER = "a-z\\u00DF-\\u00F6\\u00F8-\\u00FF";
const APPROXIMATE = {
  marks: ["[\\u0300-\\u036F\\u1AB0-\\u1AFF\\u1DC0-\\u1DFF\\u20D0-\\u20FF\\uFE20-\\uFE2F]", "g"],
  notNameCharacters: [`[^${UPPER}${LOWER}0-9_.\\u0100-\\uFFFF]+`, ""],
  startsWithLetter: [`^[${UPPER}${LOWER}_\\u0100-\\uFFFF]`, ""],
  lowerThenUpper: [`([${LOWER}\\d])([${UPPER}])`, "g"],
  acronymThenWord: [`([${UPPER}]+)([${UPPER}][${LOWER}])`, "g"],
} as const;

/** The patterns, exact when `exact` (the engine has property escapes), else approximate. */
export function letterPatterns(exact = hasPropertyEscapes()): LetterPatterns {
  const table = exact ? EXACT : APPROXIMATE;
  const build = ([source, flags]: readonly [string, string]) => new RegExp(source, flags);
  return {
    marks: build(table.marks),
    notNameCharacters: build(table.notNameCharacters),
    startsWithLetter: build(table.startsWithLetter),
    lowerThenUpper: build(table.lowerThenUpper),
    acronymThenWord: build(table.acronymThenWord),
  };
}

/** This engine's patterns (global ones are only used with replace, which resets lastIndex). */
export const LETTERS: LetterPatterns = letterPatterns();
