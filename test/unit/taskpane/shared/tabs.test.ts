import { PANE_TABS, tabAfterKey, tabFromHash } from "../../../../src/taskpane/shared/tabs";

describe("tabAfterKey", () => {
  it("moves right and left, wrapping at either end", () => {
    expect(tabAfterKey("connection", "ArrowRight")).toBe("import");
    expect(tabAfterKey("formulas", "ArrowRight")).toBe("connection");
    expect(tabAfterKey("connection", "ArrowLeft")).toBe("formulas");
    expect(tabAfterKey("journal", "ArrowLeft")).toBe("import");
  });

  it("goes to the first tab with Home and the last with End", () => {
    for (const tab of PANE_TABS) {
      expect(tabAfterKey(tab, "Home")).toBe("connection");
      expect(tabAfterKey(tab, "End")).toBe("formulas");
    }
  });

  it("leaves other keys to the page (Tab, Enter, letters)", () => {
    for (const key of ["Tab", "Enter", " ", "a", "ArrowDown"]) {
      expect(tabAfterKey("import", key)).toBeUndefined();
    }
  });
});

describe("tabFromHash", () => {
  it("names a tab from the page address, in any case", () => {
    expect(tabFromHash("#journal")).toBe("journal");
    expect(tabFromHash("#Import")).toBe("import");
  });

  it("ignores an empty or unknown hash", () => {
    expect(tabFromHash("")).toBeUndefined();
    expect(tabFromHash("#settings")).toBeUndefined();
  });
});
