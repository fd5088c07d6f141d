import { checkProjectLabel } from "../../../src/settings/projects";
import { suggestProjectLabel } from "../../../src/settings/projectNameSuggestion";

describe("suggestProjectLabel()", () => {
  it("takes the company's part of the server's host, never a numbered Project", () => {
    expect(suggestProjectLabel("https://api.acme-ledger.com/v1", ["Project 1"])).toBe(
      "acme-ledger.com",
    );
    expect(suggestProjectLabel("https://ledger.acme.co.uk/api/v1", [])).toBe("acme.co.uk");
    expect(suggestProjectLabel("https://books.example/v1", [])).toBe("books.example");
  });

  it("calls a server on this computer Local", () => {
    expect(suggestProjectLabel("http://127.0.0.1:4010/v1", [])).toBe("Local");
    expect(suggestProjectLabel("http://localhost:4010/v1", [])).toBe("Local");
  });

  it("numbers it when the workbook already has that name (ignoring case)", () => {
    expect(suggestProjectLabel("http://127.0.0.1:4010/v1", ["LOCAL"])).toBe("Local 2");
    expect(suggestProjectLabel("http://127.0.0.1:4010/v1", ["local", "Local 2"])).toBe("Local 3");
  });

  it("makes a name sheet names and formulas accept: 20 characters at most", () => {
    const host = "https://api.accounts-of-a-very-long-company-name.example/v1";
    const long = suggestProjectLabel(host, []);
    expect(long).toBe("accounts-of-a-very-l");
    expect(checkProjectLabel(long)).toEqual({ ok: true, label: long });
    const numbered = suggestProjectLabel(host, [long]);
    expect(numbered).toBe("accounts-of-a-very 2");
    expect(checkProjectLabel(numbered).ok).toBe(true);
  });

  it("falls back to Ledger when the address gives nothing", () => {
    expect(suggestProjectLabel("not an address", [])).toBe("Ledger");
    expect(suggestProjectLabel("", ["Ledger"])).toBe("Ledger 2");
  });
});
