import {
  hexColor,
  paneThemeFromOffice,
  relativeLuminance,
} from "../../../../src/taskpane/shared/theme";

describe("theme.ts", () => {
  describe("hexColor()", () => {
    it("accepts #rgb and #rrggbb, in any case, as #rrggbb", () => {
      expect(hexColor("#FFA500")).toBe("#ffa500");
      expect(hexColor("#fff")).toBe("#ffffff");
    });

    it.each([undefined, 42, "", "red", "#ffff", "url(x)", "#ffffff; color: red"])(
      "refuses %p",
      (value) => {
        expect(hexColor(value)).toBeUndefined();
      },
    );
  });

  describe("relativeLuminance()", () => {
    it("is 0 for black and 1 for white", () => {
      expect(relativeLuminance("#000000")).toBe(0);
      expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    });
  });

  describe("paneThemeFromOffice()", () => {
    it("follows Office's isDarkTheme and takes its body colours", () => {
      expect(
        paneThemeFromOffice({
          bodyBackgroundColor: "#262626",
          bodyForegroundColor: "#FFFFFF",
          isDarkTheme: true,
        }),
      ).toEqual({ scheme: "dark", background: "#262626", foreground: "#ffffff" });
    });

    it("judges a dark background as dark when Office does not say", () => {
      expect(
        paneThemeFromOffice({ bodyBackgroundColor: "#444444", bodyForegroundColor: "#ffffff" })
          ?.scheme,
      ).toBe("dark");
      expect(
        paneThemeFromOffice({ bodyBackgroundColor: "#ffffff", bodyForegroundColor: "#262626" })
          ?.scheme,
      ).toBe("light");
    });

    it("keeps the scheme but not the colours when one colour is unusable", () => {
      expect(
        paneThemeFromOffice({ bodyBackgroundColor: "#ffffff", bodyForegroundColor: "black" }),
      ).toEqual({ scheme: "light" });
    });

    it("leaves the choice to the system when Office gives nothing usable", () => {
      expect(paneThemeFromOffice(undefined)).toBeUndefined();
      expect(paneThemeFromOffice({})).toBeUndefined();
    });
  });
});
