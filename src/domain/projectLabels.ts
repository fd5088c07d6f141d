// Project names as the workbook compares them. A name is shown on sheet tabs, in the pane and in
// formulas, and a workbook is a file anyone can write: two names that look the same there must
// be the same name, or a second "Acme" could take the first one's tables and journals. So names
// are compared by what they look like, the way a reader sees them: after NFKC normalisation
// (full-width letters, ligatures), with case folded (as Excel compares sheet names) and without
// the characters that show nothing.

/**
 * Characters that show nothing or reorder what is shown: format characters (Cf: the bidi
 * controls U+061C, U+200E/F, U+202A-E, U+2066-9, zero-width U+200B-D, U+2060, U+FEFF, the soft
 * hyphen U+00AD), the other default-ignorable ones (Hangul fillers, variation selectors, the
 * combining grapheme joiner), controls, private-use, unpaired surrogates and line separators.
 */
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, "gu");

/** True when `text` holds a character that shows nothing or changes the order of what is shown. */
export function hiddenCharacterIn(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * What a name looks like, as a key: two names with the same key cannot be told apart by a
 * reader. NFKC, then case folding (upper then lower, so `ß` and `SS` meet), then NFKC again
 * since folding can undo a normal form.
 */
export function labelKey(label: string): string {
  const visible = label.replace(HIDDEN_ALL, "").normalize("NFKC");
  return visible.toUpperCase().toLowerCase().normalize("NFKC");
}

/** Project names are the same when they look the same (see labelKey). */
export function sameLabel(a: string, b: string): boolean {
  return labelKey(a) === labelKey(b);
}
