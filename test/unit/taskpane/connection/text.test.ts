import { ApiError } from "../../../../src/api/index";
import {
  checkConnectionForm,
  connectedSummary,
  ConnectionFormValues,
  describeConnectFailure,
  SANDBOX_CONNECTION,
  sandboxConnection,
} from "../../../../src/taskpane/connection/text";

const VALID: ConnectionFormValues = {
  apiAddress: "https://api.example.com/v1",
  version: "v1",
  token: "tok-123",
  identity: "acme-ltd",
  remember: false,
};

describe("connection/text.ts", () => {
  describe("checkConnectionForm()", () => {
    it("accepts a complete form and resolves the base URL for the chosen version", () => {
      const check = checkConnectionForm({ ...VALID, version: "rc-1" });
      expect(check.ok).toBe(true);
      if (check.ok) {
        expect(check.resolved.baseUrl).toBe("https://api.example.com/rc-1");
        expect(check.resolved.origin).toBe("https://api.example.com");
      }
    });

    it("accepts the sandbox settings (plain http on the loopback address)", () => {
      expect(checkConnectionForm({ ...SANDBOX_CONNECTION, remember: false }).ok).toBe(true);
    });

    it("accepts the sandbox settings at the port the page serves", () => {
      const sandbox = sandboxConnection("http://127.0.0.1:4555/v1");
      expect(checkConnectionForm({ ...sandbox, remember: false }).ok).toBe(true);
    });

    it("refuses a non-https address on another host, naming the address field", () => {
      expect(checkConnectionForm({ ...VALID, apiAddress: "http://api.example.com/v1" })).toEqual({
        ok: false,
        field: "apiAddress",
        message:
          "The API address must use https:// (plain http:// is allowed only for localhost), " +
          "for example https://api.example.com/v1.",
      });
    });

    it("names the address first when several fields are wrong", () => {
      const check = checkConnectionForm({ ...VALID, apiAddress: "", token: "", identity: "" });
      expect(check).toMatchObject({ ok: false, field: "apiAddress" });
    });

    it("names the identity when it is missing", () => {
      expect(checkConnectionForm({ ...VALID, identity: " ", token: "" })).toEqual({
        ok: false,
        field: "identity",
        message: "Enter the project identity.",
      });
    });

    it("names the token when it is missing", () => {
      expect(checkConnectionForm({ ...VALID, token: "" })).toEqual({
        ok: false,
        field: "token",
        message: "Enter the access token.",
      });
    });

    it("names the token when it has spaces, without echoing it", () => {
      const check = checkConnectionForm({ ...VALID, token: "two words" });
      expect(check).toMatchObject({ ok: false, field: "token" });
      if (!check.ok) expect(check.message).not.toContain("two words");
    });

    it("names the version when it is not one of the contract's", () => {
      expect(checkConnectionForm({ ...VALID, version: "v2" })).toMatchObject({
        ok: false,
        field: "version",
      });
    });
  });

  describe("connectedSummary()", () => {
    it("says the whole address requests go to, and the project's name", () => {
      expect(
        connectedSummary({
          baseUrl: "https://ledger.accounts.example-holdings.co.uk/rc-1",
          project: "Example Holdings",
        }),
      ).toBe(
        "Connected to https://ledger.accounts.example-holdings.co.uk/rc-1 as project Example Holdings",
      );
    });
  });

  describe("describeConnectFailure()", () => {
    it.each<[ApiError["kind"], string | undefined]>([
      ["network", undefined],
      ["timeout", undefined],
      ["config", undefined],
      ["auth", "token"],
    ])("lets the client's plain message for %s stand alone", (kind, field) => {
      const failure = describeConnectFailure(new ApiError(kind, "Details from the client."));
      expect(failure).toEqual({
        message: "Details from the client.",
        cancelled: false,
        ...(field === undefined ? {} : { field }),
      });
    });

    it.each<[ApiError["kind"], string, string | undefined]>([
      ["forbidden", "Unknown project, or one this token may not use.", "identity"],
      ["not-found", "No Ledger API was found at this address.", "apiAddress"],
      [
        "malformed-response",
        "The server's answer was not what the Ledger API sends.",
        "apiAddress",
      ],
      ["server", "The server has a problem.", undefined],
    ])("puts plain words before the client's message for %s", (kind, headline, field) => {
      const failure = describeConnectFailure(new ApiError(kind, "Details from the client."));
      expect(failure.message).toBe(`${headline} Details from the client.`);
      expect(failure.field).toBe(field);
      expect(failure.cancelled).toBe(false);
    });

    it("reports a cancel as such, not as an error", () => {
      expect(describeConnectFailure(new ApiError("aborted", "Cancelled: …"))).toEqual({
        message: "Connecting was cancelled.",
        cancelled: true,
      });
    });

    it("does not show the text of an unexpected error (it was not redacted)", () => {
      const failure = describeConnectFailure(new Error("boom tok-123"));
      expect(failure.message).not.toContain("tok-123");
      expect(failure.message).toContain("unexpectedly");
    });
  });

  describe("sandboxConnection()", () => {
    it("takes the port of the sandbox the page names, with the demo credentials", () => {
      expect(sandboxConnection("http://127.0.0.1:4555/v1")).toEqual({
        ...SANDBOX_CONNECTION,
        apiAddress: "http://127.0.0.1:4555/v1",
      });
      expect(sandboxConnection("http://localhost:5000").apiAddress).toBe(
        "http://localhost:5000/v1",
      );
    });

    it("keeps the default when the page names none, or names anything but a loopback http address", () => {
      for (const named of [
        undefined,
        "",
        "not an address",
        "https://127.0.0.1:4555/v1",
        "http://api.example.com/v1",
        "http://user:secret@127.0.0.1:4555/v1",
      ]) {
        expect(sandboxConnection(named)).toBe(SANDBOX_CONNECTION);
      }
    });
  });
});
