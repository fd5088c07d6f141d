import { ApiError } from "../../../src/api";
import { describeImportFailure, describeImportResult } from "../../../src/taskpane/importText";

describe("importText.ts", () => {
  describe("describeImportResult()", () => {
    it("uses the pipeline's own sentence", () => {
      expect(
        describeImportResult({
          sheetName: "Invoices",
          tableName: "Invoices",
          rows: 40,
          complete: false,
          message: "Imported 40 invoices; cancelled before the end.",
          notes: [],
        }),
      ).toEqual({
        outcome: "finished",
        complete: false,
        message: "Imported 40 invoices; cancelled before the end.",
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
