import { ApiError } from "../../../src/api";
import { FormulaError, formulaErrorOf } from "../../../src/formulas";

describe("formulaErrorOf()", () => {
  it.each([
    ["not-found", "#N/A"],
    ["network", "#N/A"],
    ["timeout", "#N/A"],
    ["server", "#N/A"],
    ["rate-limited", "#N/A"],
    ["malformed-response", "#N/A"],
    ["config", "#VALUE!"],
    ["validation", "#VALUE!"],
    ["bad-request", "#VALUE!"],
  ] as const)("shows a %s failure as %s, with the client's message", (kind, code) => {
    const error = formulaErrorOf(new ApiError(kind, `What happened (${kind}). What to do.`));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`What happened (${kind}). What to do.`);
  });

  it("sends a refused token back to the task pane, saying nothing of the token", () => {
    const error = formulaErrorOf(
      new ApiError("auth", "The server refused the access token (401): bad token tok-123."),
    );
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toBe(
      "The server refused the access token (401). Reconnect in the Ledger Sheets task pane with " +
        "a valid token.",
    );
  });

  it("adds where to fix a refused identity", () => {
    const error = formulaErrorOf(
      new ApiError(
        "forbidden",
        "The token is not allowed for this project (403). Check the project identity.",
      ),
    );
    expect(error.message).toMatch(
      /Reconnect in the Ledger Sheets task pane with the right identity\.$/,
    );
  });

  it("passes a FormulaError through unchanged", () => {
    const original = new FormulaError("#VALUE!", "Name a collection.");
    expect(formulaErrorOf(original)).toBe(original);
  });
});
