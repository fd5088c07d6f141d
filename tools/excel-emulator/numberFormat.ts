// The display text of a cell (`Range.text`): Excel number formats applied to values. Covers the
// formats the add-in writes (src/sheets/cells.ts NUMBER_FORMATS) and the usual built-in shapes:
// General, "@", digit placeholders with thousands and decimals, percent, scientific, sections
// separated by ";", quoted literals, and date/time codes.
import { CellError, serialToParts, toExcelPrecision } from "./cellValues";
import type { CellScalar } from "./cellValues";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The text Excel shows for a value in a cell with this number format. */
export function formatCellText(value: CellScalar, format: string): string {
  if (value instanceof CellError) return value.code;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return textSection(value, format);
  if (isGeneral(format) || format === "@") return formatGeneral(value);
  return formatNumber(value, parseFormat(format));
}

function isGeneral(format: string): boolean {
  return format === "" || format.toLowerCase() === "general";
}

/** Text is shown as is, unless a fourth section formats it ("@" stands for the text). */
function textSection(text: string, format: string): string {
  const sections = splitSections(format);
  const fourth = sections[3];
  if (fourth === undefined) return text;
  return tokenize(fourth)
    .map((t) => (t.kind === "text-placeholder" ? text : t.kind === "literal" ? t.text : ""))
    .join("");
}

/** Excel's General format in a standard-width column: at most 11 characters. */
export function formatGeneral(n: number): string {
  const x = toExcelPrecision(n);
  if (x === 0) return "0";
  const abs = Math.abs(x);
  if (abs >= 1e11 || abs < 1e-9) {
    const [mantissa = "0", exponent = "0"] = x.toExponential(5).split("e");
    const trimmed = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
    const e = Number(exponent);
    return `${trimmed}E${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  const intDigits = abs >= 1 ? Math.floor(Math.log10(abs)) + 1 : 1;
  const decimals = Math.max(0, 10 - intDigits);
  const rounded = roundedDecimal(abs, decimals);
  const frac = rounded.frac.replace(/0+$/, "");
  const text = frac ? `${rounded.int}.${frac}` : rounded.int;
  return x < 0 && text !== "0" ? `-${text}` : text;
}

type Token =
  | { kind: "literal"; text: string }
  | { kind: "digit"; char: "0" | "#" | "?" }
  | { kind: "point" }
  | { kind: "comma" }
  | { kind: "percent" }
  | { kind: "exponent"; sign: "+" | "-" }
  | { kind: "text-placeholder" }
  | { kind: "date"; code: string }
  | { kind: "ampm"; text: string };

interface Section {
  readonly tokens: readonly Token[];
  readonly isDate: boolean;
}

const formatCache = new Map<string, Section[]>();

function parseFormat(format: string): Section[] {
  let sections = formatCache.get(format);
  if (!sections) {
    sections = splitSections(format).map((text) => {
      const tokens = tokenize(text);
      return { tokens, isDate: tokens.some((t) => t.kind === "date") };
    });
    formatCache.set(format, sections);
  }
  return sections;
}

function splitSections(format: string): string[] {
  const sections: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < format.length; i++) {
    const ch = format[i] ?? "";
    if (ch === '"') quoted = !quoted;
    if (ch === "\\" && !quoted) {
      current += ch + (format[i + 1] ?? "");
      i++;
      continue;
    }
    if (ch === ";" && !quoted) {
      sections.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  sections.push(current);
  return sections;
}

function tokenize(section: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < section.length) {
    const ch = section[i] ?? "";
    const rest = section.slice(i);
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end < 0 ? section.length : end;
      tokens.push({ kind: "literal", text: section.slice(i + 1, stop) });
      i = stop + 1;
    } else if (ch === "\\") {
      tokens.push({ kind: "literal", text: section[i + 1] ?? "" });
      i += 2;
    } else if (ch === "[") {
      const end = section.indexOf("]", i);
      i = end < 0 ? section.length : end + 1; // colours and conditions: not shown
    } else if (ch === "_") {
      tokens.push({ kind: "literal", text: " " });
      i += 2;
    } else if (ch === "*") {
      i += 2; // fill character: nothing to show in a text value
    } else if (ch === "0" || ch === "#" || ch === "?") {
      tokens.push({ kind: "digit", char: ch });
      i++;
    } else if (ch === ".") {
      tokens.push({ kind: "point" });
      i++;
    } else if (ch === ",") {
      tokens.push({ kind: "comma" });
      i++;
    } else if (ch === "%") {
      tokens.push({ kind: "percent" });
      i++;
    } else if (/^E[+-]/i.test(rest)) {
      tokens.push({ kind: "exponent", sign: rest[1] === "-" ? "-" : "+" });
      i += 2;
    } else if (ch === "@") {
      tokens.push({ kind: "text-placeholder" });
      i++;
    } else if (/^(AM\/PM|A\/P)/i.test(rest)) {
      const text = /^AM\/PM/i.test(rest) ? rest.slice(0, 5) : rest.slice(0, 3);
      tokens.push({ kind: "ampm", text });
      i += text.length;
    } else if (/[ymdhs]/i.test(ch)) {
      let j = i;
      while (j < section.length && (section[j] ?? "").toLowerCase() === ch.toLowerCase()) j++;
      tokens.push({ kind: "date", code: section.slice(i, j).toLowerCase() });
      i = j;
    } else {
      tokens.push({ kind: "literal", text: ch });
      i++;
    }
  }
  return tokens;
}

function formatNumber(n: number, sections: Section[]): string {
  const [first, second, third] = sections;
  if (!first) return formatGeneral(n);
  let section = first;
  let value = n;
  let explicitSign = false;
  if (n < 0 && second) {
    section = second;
    value = -n;
    explicitSign = true;
  } else if (n === 0 && third) {
    section = third;
  }
  if (section.isDate) return formatDate(value, section.tokens);
  if (!section.tokens.some((t) => t.kind === "digit")) {
    const literal = section.tokens.map((t) => (t.kind === "literal" ? t.text : "")).join("");
    return section.tokens.length === 0 ? formatGeneral(n) : literal;
  }
  const body = renderDigits(Math.abs(value), section.tokens);
  const negative = value < 0 && !explicitSign && /[1-9]/.test(body);
  return (negative ? "-" : "") + body;
}

function renderDigits(abs: number, tokens: readonly Token[]): string {
  const firstDigit = tokens.findIndex((t) => t.kind === "digit");
  let lastDigit = -1;
  tokens.forEach((t, index) => {
    if (t.kind === "digit") lastDigit = index;
  });
  const prefix = literalText(tokens.slice(0, firstDigit));
  const suffix = literalText(tokens.slice(lastDigit + 1));
  const numberTokens = tokens.slice(firstDigit, lastDigit + 1);
  const percents = tokens.filter((t) => t.kind === "percent").length;
  const scaled = abs * 100 ** percents;

  const exponentAt = numberTokens.findIndex((t) => t.kind === "exponent");
  const mantissaTokens = exponentAt >= 0 ? numberTokens.slice(0, exponentAt) : numberTokens;
  const pointAt = mantissaTokens.findIndex((t) => t.kind === "point");
  const intTokens = pointAt >= 0 ? mantissaTokens.slice(0, pointAt) : mantissaTokens;
  const fracTokens = pointAt >= 0 ? mantissaTokens.slice(pointAt + 1) : [];
  const intMin = intTokens.filter((t) => t.kind === "digit" && t.char !== "#").length;
  const grouping = intTokens.some((t) => t.kind === "comma");
  const fracDigits = fracTokens.filter((t) => t.kind === "digit") as { char: string }[];
  const decMax = fracDigits.length;
  let decMin = 0;
  fracDigits.forEach((t, index) => {
    if (t.char !== "#") decMin = index + 1;
  });

  let mantissa = scaled;
  let exponentText = "";
  if (exponentAt >= 0) {
    const exponentToken = numberTokens[exponentAt];
    const expDigits = numberTokens.slice(exponentAt + 1).filter((t) => t.kind === "digit").length;
    let exponent = scaled === 0 ? 0 : Math.floor(Math.log10(scaled));
    mantissa = scaled === 0 ? 0 : scaled / 10 ** exponent;
    if (Number(roundedDecimal(mantissa, decMax).int) >= 10) {
      exponent += 1;
      mantissa /= 10;
    }
    const sign =
      exponent < 0
        ? "-"
        : exponentToken?.kind === "exponent" && exponentToken.sign === "+"
          ? "+"
          : "";
    exponentText = `E${sign}${String(Math.abs(exponent)).padStart(Math.max(expDigits, 1), "0")}`;
  }

  const rounded = roundedDecimal(mantissa, decMax);
  let int = rounded.int.replace(/^0+/, "");
  if (int.length < intMin) int = int.padStart(intMin, "0");
  if (grouping) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  let frac = rounded.frac;
  while (frac.length > decMin && frac.endsWith("0")) frac = frac.slice(0, -1);
  const point = pointAt >= 0 ? "." : "";
  return `${prefix}${int}${point}${frac}${exponentText}${suffix}`;
}

function literalText(tokens: readonly Token[]): string {
  return tokens
    .map((t) => (t.kind === "literal" ? t.text : t.kind === "percent" ? "%" : ""))
    .join("");
}

/** A non-negative number rounded half away from zero to `decimals`, as digit strings. */
function roundedDecimal(abs: number, decimals: number): { int: string; frac: string } {
  const digits = plainDigits(toExcelPrecision(abs));
  let int = digits.int;
  let frac = digits.frac.padEnd(decimals + 1, "0");
  const roundUp = (frac[decimals] ?? "0") >= "5";
  frac = frac.slice(0, decimals);
  if (roundUp) {
    const all = (int + frac).split("").map(Number);
    let i = all.length - 1;
    while (i >= 0) {
      const d = (all[i] ?? 0) + 1;
      if (d < 10) {
        all[i] = d;
        break;
      }
      all[i] = 0;
      i--;
    }
    let joined = all.join("");
    if (i < 0) joined = `1${joined}`;
    int = joined.slice(0, joined.length - decimals);
    frac = joined.slice(joined.length - decimals);
  }
  return { int: int === "" ? "0" : int, frac };
}

/** The exact decimal digits of a number's shortest representation, without exponent. */
function plainDigits(abs: number): { int: string; frac: string } {
  const text = String(abs);
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) return { int: "0", frac: "" };
  const intPart = match[1] ?? "0";
  const fracPart = match[2] ?? "";
  const exponent = Number(match[3] ?? "0");
  const digits = intPart + fracPart;
  const pointAt = intPart.length + exponent;
  if (pointAt <= 0) return { int: "0", frac: "0".repeat(-pointAt) + digits };
  if (pointAt >= digits.length)
    return { int: digits + "0".repeat(pointAt - digits.length), frac: "" };
  return { int: digits.slice(0, pointAt), frac: digits.slice(pointAt) };
}

function formatDate(serial: number, tokens: readonly Token[]): string {
  const parts = serialToParts(serial);
  if (!parts) return "#".repeat(11);
  const twelveHour = tokens.some((t) => t.kind === "ampm");
  const dateTokens = tokens.filter((t) => t.kind === "date") as { kind: "date"; code: string }[];
  let out = "";
  tokens.forEach((token) => {
    if (token.kind === "literal") out += token.text;
    else if (token.kind === "point" || token.kind === "comma")
      out += token.kind === "point" ? "." : ",";
    else if (token.kind === "ampm") {
      const pm = parts.hours >= 12;
      const upper = token.text[0] === token.text[0]?.toUpperCase();
      const text = token.text.length > 3 ? (pm ? "PM" : "AM") : pm ? "P" : "A";
      out += upper ? text : text.toLowerCase();
    } else if (token.kind === "date") {
      const index = dateTokens.indexOf(token);
      out += dateCode(token.code, parts, twelveHour, dateTokens[index - 1], dateTokens[index + 1]);
    } else if (token.kind === "digit") out += token.char === "0" ? "0" : "";
  });
  return out;
}

function dateCode(
  code: string,
  parts: NonNullable<ReturnType<typeof serialToParts>>,
  twelveHour: boolean,
  previous: { code: string } | undefined,
  next: { code: string } | undefined,
): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  switch (code[0]) {
    case "y":
      return code.length <= 2 ? pad(parts.year % 100) : String(parts.year);
    case "d":
      if (code.length === 1) return String(parts.day);
      if (code.length === 2) return pad(parts.day);
      if (code.length === 3) return (WEEKDAYS[parts.weekday] ?? "").slice(0, 3);
      return WEEKDAYS[parts.weekday] ?? "";
    case "h": {
      const hours = twelveHour ? parts.hours % 12 || 12 : parts.hours;
      return code.length === 1 ? String(hours) : pad(hours);
    }
    case "s":
      return code.length === 1 ? String(parts.seconds) : pad(parts.seconds);
    case "m": {
      const minutes = previous?.code.startsWith("h") || next?.code.startsWith("s");
      if (minutes && code.length <= 2) {
        return code.length === 1 ? String(parts.minutes) : pad(parts.minutes);
      }
      const name = MONTHS[parts.month - 1] ?? "";
      if (code.length === 1) return String(parts.month);
      if (code.length === 2) return pad(parts.month);
      if (code.length === 3) return name.slice(0, 3);
      if (code.length === 5) return name.slice(0, 1);
      return name;
    }
    default:
      return code;
  }
}
