// How many decimals an Excel number format shows of a number: read from its format code, so that
// what a cell shows can be compared with the amount that would be sent.

/**
 * What a number format does with a number's decimals:
 * - `fixed`: shows it rounded (half away from zero) to `decimals` places (`#,##0.00` 2,
 *   `0.0#` 2: optional digits round the same way and only drop trailing zeros);
 * - `general`: General or Text ("@"), which show as many digits as the column fits: only the
 *   displayed text tells;
 * - `other`: a format that shows something else than the amount in plain digits (percent,
 *   scientific, a fraction, a date, thousands scaling, a condition), named for the message.
 */
export type FormatDecimals =
  | { readonly kind: "fixed"; readonly decimals: number }
  | { readonly kind: "general" }
  | { readonly kind: "other" };

/** The decimals that `format` shows of `value` (its sign picks the format's section). */
export function formatDecimals(format: string, value: number): FormatDecimals {
  const trimmed = format.trim();
  if (trimmed === "" || trimmed.toLowerCase() === "general" || trimmed === "@") {
    return { kind: "general" };
  }
  const sections = splitSections(trimmed);
  // Excel's sections: positive; negative; zero; text. A negative number shown by the first
  // section keeps its minus sign, which changes no digit.
  const section =
    value < 0 && sections.length > 1
      ? sections[1]!
      : value === 0 && sections.length > 2
        ? sections[2]!
        : sections[0]!;
  return sectionDecimals(section);
}

/** The format's sections, split at semicolons outside quotes and escapes. */
function splitSections(format: string): string[] {
  const sections: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch === '"') quoted = !quoted;
    if (ch === "\\" && !quoted) {
      current += ch + (format[i + 1] ?? "");
      i++;
    } else if (ch === ";" && !quoted) {
      sections.push(current);
      current = "";
    } else current += ch;
  }
  sections.push(current);
  return sections;
}

/** Literal text, escapes, fill and padding characters removed: only the codes that matter. */
function codesOf(section: string): string | null {
  let codes = "";
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      i = end < 0 ? section.length : end;
    } else if (ch === "\\" || ch === "_" || ch === "*") {
      i++;
    } else if (ch === "[") {
      const end = section.indexOf("]", i);
      const inside = section.slice(i + 1, end < 0 ? section.length : end);
      // Colours and locale/currency tags ([Red], [$€-407]) change no digit; a condition does.
      if (/^[<>=]/.test(inside)) return null;
      i = end < 0 ? section.length : end;
    } else codes += ch;
  }
  return codes;
}

function sectionDecimals(section: string): FormatDecimals {
  const codes = codesOf(section);
  if (codes === null) return { kind: "other" };
  if (!/[0#?]/.test(codes)) return { kind: "other" };
  // Percent, scientific, fractions, dates and times, text placeholders: not plain digits.
  if (/[%/@]|E[+-]|[ymdhs]/i.test(codes)) return { kind: "other" };
  const digits = codes.replace(/[^0#?.,]/g, "");
  // A comma after the last digit placeholder divides by a thousand per comma.
  if (/[0#?],+(\.|$)/.test(digits)) return { kind: "other" };
  const point = digits.indexOf(".");
  if (point < 0) return { kind: "fixed", decimals: 0 };
  const decimals = digits.slice(point + 1).replace(/[^0#?]/g, "").length;
  return { kind: "fixed", decimals };
}
