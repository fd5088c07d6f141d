// The letter classes, exact (property escapes) and approximate (engines without them, such as
// Edge Legacy): the approximation gives the same names and words for the labels and keys the
// add-in meets, Latin and beyond.
import { letterPatterns } from "../../../src/sheets/unicodeClasses";

describe("letterPatterns()", () => {
  const exact = letterPatterns(true);
  const approximate = letterPatterns(false);

  it.each([
    ["Café Müller", "Cafe Muller"],
    ["crème brûlée", "creme brulee"],
    ["Ærøskøbing", "Ærøskøbing"],
  ])("strips combining marks after NFD: %s", (label, stripped) => {
    for (const patterns of [exact, approximate]) {
      expect(label.normalize("NFD").replace(patterns.marks, "").normalize("NFC")).toBe(stripped);
    }
  });

  it.each([
    "Credit notes",
    "credit-notes",
    "Payment allocations",
    "株式会社 テスト",
    "Ünïcode naïve",
  ])("splits %s into the same words", (label) => {
    expect(label.split(approximate.notNameCharacters)).toEqual(
      label.split(exact.notNameCharacters),
    );
  });

  it.each(["createdAt", "HTTPStatus", "subTotal2Amount", "émisÀ", "ÉtatCivil"])(
    "finds the same camelCase boundaries in %s",
    (key) => {
      const words = (p: typeof exact) =>
        key.replace(p.lowerThenUpper, "$1 $2").replace(p.acronymThenWord, "$1 $2");
      expect(words(approximate)).toBe(words(exact));
    },
  );

  it("tells a leading letter or underscore from anything else", () => {
    for (const patterns of [exact, approximate]) {
      expect(
        ["Invoices", "_x", "Émis", "株式"].map((s) => patterns.startsWithLetter.test(s)),
      ).toEqual([true, true, true, true]);
      expect(["1st", ".x", " x"].map((s) => patterns.startsWithLetter.test(s))).toEqual([
        false,
        false,
        false,
      ]);
    }
  });
});
