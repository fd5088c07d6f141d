// Text as an .xlsx cell holds it. A worksheet is XML, and XML 1.0 has no way to write some
// characters a JSON string can hold: most C0 controls, U+FFFE, U+FFFF and half a surrogate pair.
// One of them makes the whole file unreadable (openpyxl refuses it, LibreOffice drops the rest of
// the sheet), so each is replaced by U+FFFD and the caller says so, per column.
//
// The rest is kept exactly. exceljs writes a plain string as `<v>` of a `t="str"` cell, where
// readers trim leading and trailing spaces, an XML parser turns a carriage return into a line
// feed, and exceljs drops DEL. Such text goes as an inline string instead: `<t xml:space=
// "preserve">` keeps the spaces, and CR and DEL are written with the `_xHHHH_` escape of Office
// Open XML (ECMA-376 ST_Xstring), under which a literal `_xHHHH_` in the text is itself escaped
// (`_x005F_xHHHH_`).

/** Characters XML 1.0 cannot hold, however escaped. */
const NOT_XML = new RegExp(
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  "[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]",
  "g",
);

/** Text a `t="str"` cell would not keep as it is. */
const NEEDS_INLINE = /^\s|\s$|[\r\u007f]|_x[0-9A-Fa-f]{4}_/;

export const REPLACEMENT_CHARACTER = "\uFFFD";

/** An inline string cell's value as exceljs takes it: one run, no font of its own. */
export interface InlineText {
  readonly richText: readonly [{ readonly text: string }];
}

export interface XlsxText {
  readonly value: string | InlineText;
  /** How many characters were replaced by U+FFFD. */
  readonly replaced: number;
}

/** `text` with the characters XML cannot hold replaced by U+FFFD. */
export function withoutNonXml(text: string): string {
  return text.replace(NOT_XML, REPLACEMENT_CHARACTER);
}

/** `text` with what XML cannot hold replaced; as an inline string when a plain one would lose. */
export function xlsxText(text: string): XlsxText {
  let replaced = 0;
  const valid = text.replace(NOT_XML, () => {
    replaced += 1;
    return REPLACEMENT_CHARACTER;
  });
  if (!NEEDS_INLINE.test(valid)) return { value: valid, replaced };
  const escaped = valid
    // Every underscore that would start an escape, overlapping ones too (`_x0041_x0042_`).
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, "_x005F_")
    .replace(/\r/g, "_x000D_")
    .replace(/\u007f/g, "_x007F_");
  return { value: { richText: [{ text: escaped }] }, replaced };
}
