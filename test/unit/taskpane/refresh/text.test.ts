import {
  choiceNotSaved,
  intervalWords,
  nextRunWhen,
  onOpenSaved,
} from "../../../../src/taskpane/refresh/text";
import { AUTO_REFRESH_MINUTES } from "../../../../src/settings/autoRefresh";

describe("the automatic refresh's words", () => {
  it("names every offered interval", () => {
    expect(AUTO_REFRESH_MINUTES.map(intervalWords)).toEqual([
      "every 5 minutes",
      "every 10 minutes",
      "every 15 minutes",
      "every 30 minutes",
      "every hour",
      "every 2 hours",
      "every 4 hours",
      "every 8 hours",
      "every day",
    ]);
  });

  it("says the next run's time in the reader's zone, with the day when it is not today", () => {
    const now = Date.parse("2026-11-26T09:20:00Z");
    expect(nextRunWhen(Date.parse("2026-11-26T09:35:00Z"), now)).toMatch(/^at \d\d:35 \S+$/);
    expect(nextRunWhen(Date.parse("2026-11-28T09:35:00Z"), now)).toMatch(
      /^on 2026-11-2\d at \d\d:35 \S+$/,
    );
  });
});

describe("the refresh panel's words for a saved or refused choice", () => {
  it("says what runs when the workbook opens", () => {
    expect(onOpenSaved("off")).toBe("Nothing runs when this workbook opens.");
    expect(onOpenSaved("new")).toBe(
      "When this workbook opens: new records only (existing rows not updated).",
    );
    expect(onOpenSaved("full")).toBe("When this workbook opens: refresh all.");
  });

  it("says why a choice was not saved", () => {
    expect(choiceNotSaved(new Error("The workbook is read-only."))).toBe(
      "The choice could not be saved in this workbook: The workbook is read-only.",
    );
    expect(choiceNotSaved("locked")).toBe("The choice could not be saved in this workbook: locked");
  });
});
