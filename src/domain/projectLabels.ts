// Project names as the workbook compares them. A name is shown on sheet tabs, in the pane and in
// formulas, and a workbook is a file anyone can write: two names that look the same there must
// be the same name, or a second "Acme" could take the first one's tables and journals. So names
// are compared by what they look like, the way a reader sees them: after NFKC normalisation
// (full-width letters, ligatures), with case folded (as Excel compares sheet names) and without
// the characters that show nothing.

/**
 * Characters that show nothing or reorder what is shown, as code point ranges: controls (Cc),
 * format characters (Cf: the bidi controls U+061C, U+200E/F, U+202A-E, U+2066-9, zero-width
 * U+200B-D, U+2060, U+FEFF, the soft hyphen U+00AD, the tags), the other default-ignorable ones
 * (Hangul fillers, variation selectors, the combining grapheme joiner), line and paragraph
 * separators, private use and surrogates (a lone one). Listed rather than written as \p{…}
 * classes, which are ES2018: the bundles must parse in the ES2017 web views Office still uses.
 */
const HIDDEN: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x08e2, 0x08e2],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xd800, 0xdfff],
  [0xe000, 0xf8ff],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
  [0xf0000, 0x10ffff],
];

function isHidden(character: string): boolean {
  const point = character.codePointAt(0) ?? 0;
  return HIDDEN.some(([first, last]) => point >= first && point <= last);
}

/** True when `text` holds a character that shows nothing or changes the order of what is shown. */
export function hiddenCharacterIn(text: string): boolean {
  return Array.from(text).some(isHidden);
}

/**
 * What a name looks like, as a key: two names with the same key cannot be told apart by a
 * reader. NFKC, then case folding (upper then lower, so `ß` and `SS` meet), then NFKC again
 * since folding can undo a normal form.
 */
export function labelKey(label: string): string {
  const visible = Array.from(label)
    .filter((character) => !isHidden(character))
    .join("")
    .normalize("NFKC");
  return visible.toUpperCase().toLowerCase().normalize("NFKC");
}

/** Project names are the same when they look the same (see labelKey). */
export function sameLabel(a: string, b: string): boolean {
  return labelKey(a) === labelKey(b);
}
