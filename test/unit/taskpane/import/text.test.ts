import { ApiError } from "../../../../src/api/index";
import {
  describeImportFailure,
  describeImportResult,
  importEndMessage,
} from "../../../../src/taskpane/import/text";

describe("import/text.ts", () => {
  describe("describeImportResult()", () => {
    it("uses the pipeline's own sentence", () => {
      expect(
        describeImportResult({
          sheetName: "Invoices",
          tableName: "Invoices",
          rows: 40,
          complete: false,
          message: "Imported 40 invoices; cancelled before the end.",
          headline: "Imported 40 invoices; cancelled before the end.",
          details: [],
          notes: [],
          textCells: [],
        }),
      ).toEqual({
        outcome: "finished",
        complete: false,
        message: "Imported 40 invoices; cancelled before the end.",
        details: [],
      });
    });

    it("folds the details, one line per record kept as text with a Go to per cell", () => {
      const note =
        "INV-000136: “Sub total” (D5) and “Total” (F5) kept as text exactly as received (r).";
      const more = "2 more records have cells kept as text; each row's “Import notes” says why.";
      const end = describeImportResult({
        sheetName: "Invoices",
        tableName: "Invoices",
        rows: 41,
        complete: true,
        message: "whole",
        headline: "Imported 41 records into Invoices; 4 cells in 3 records were kept as text.",
        details: [note, more, "Column “Memo” was left empty."],
        notes: [note, more],
        textCells: [
          {
            sheet: "Invoices",
            record: "INV-000136",
            cells: [
              { header: "Sub total", address: "D5" },
              { header: "Total", address: "F5" },
            ],
            reasons: ["r"],
          },
        ],
      });
      expect(end).toEqual({
        outcome: "finished",
        complete: true,
        message: "Imported 41 records into Invoices; 4 cells in 3 records were kept as text.",
        details: [
          {
            text: "INV-000136: “Sub total” and “Total” kept as text exactly as received (r).",
            cells: [
              { sheet: "Invoices", address: "D5" },
              { sheet: "Invoices", address: "F5" },
            ],
          },
          { text: more },
          { text: "Column “Memo” was left empty." },
        ],
      });
      expect(importEndMessage(end).tone).toBe("warning");
      expect(importEndMessage({ outcome: "failed", message: "Down." })).toEqual({
        tone: "error",
        text: "Down.",
      });
    });
  });

  describe("describeImportFailure()", () => {
    it("reports a cancel as cancelled, not failed", () => {
      expect(describeImportFailure(new ApiError("aborted", "Cancelled: …"))).toEqual({
        outcome: "cancelled",
        message: "Import cancelled.",
      });
      const abort = new Error("The operation was aborted.");
      abort.name = "AbortError";
      expect(describeImportFailure(abort).outcome).toBe("cancelled");
    });

    it("shows an API error's actionable message as it is", () => {
      const error = new ApiError("not-found", "The collection /bills was not found (404).");
      expect(describeImportFailure(error)).toEqual({
        outcome: "failed",
        message: "The collection /bills was not found (404).",
      });
    });

    it("names Excel's error code", () => {
      const error = Object.assign(new Error("The request payload size has exceeded the limit."), {
        code: "RequestPayloadSizeLimitExceeded",
      });
      expect(describeImportFailure(error).message).toBe(
        "Excel could not finish the import (RequestPayloadSizeLimitExceeded): " +
          "The request payload size has exceeded the limit.",
      );
    });

    it("still says something for a thrown non-error", () => {
      expect(describeImportFailure("???")).toEqual({
        outcome: "failed",
        message: "The import failed for an unknown reason. Try again.",
      });
    });
  });
});
