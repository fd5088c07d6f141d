// Two project names that look alike on a sheet tab or in a formula are one name: a workbook
// cannot hold a second "Acme" that sends a table's data elsewhere, nor hide a name's real text
// behind direction marks or invisible characters.
import { hiddenCharacterIn, labelKey, sameLabel } from "../../../src/domain/projectLabels";

describe("projectLabels.ts", () => {
  it("compares names after NFKC normalisation and case folding", () => {
    expect(sameLabel("Acme", "ACME")).toBe(true);
    expect(sameLabel("Ａｃｍｅ", "acme")).toBe(true);
    expect(sameLabel("Straße", "STRASSE")).toBe(true);
    expect(sameLabel("ﬁnance", "Finance")).toBe(true);
    expect(sameLabel("Acme", "Acme UK")).toBe(false);
    expect(labelKey("Ａｃｍｅ")).toBe(labelKey("acme"));
  });

  it("compares names without their invisible characters and direction marks", () => {
    for (const mark of ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e"]) {
      expect(sameLabel(`Ac${mark}me`, "Acme")).toBe(true);
    }
    expect(sameLabel("\u202aAcme\u202c", "Acme")).toBe(true);
  });

  it("finds bidi controls, zero-width and other format characters", () => {
    const hidden = [
      "\u061c",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u2060",
      "\ufeff",
      "\u00ad",
      "\u180e",
      "\u2064",
      "\u{e0041}",
      "\u3164",
      "\u034f",
      "\ufe0f",
    ];
    for (const mark of hidden) expect(hiddenCharacterIn(`Ac${mark}me`)).toBe(true);
    expect(hiddenCharacterIn("Acme (UK) – Café 東京")).toBe(false);
  });
});
