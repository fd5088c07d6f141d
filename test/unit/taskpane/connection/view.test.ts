import { LedgerApi } from "../../../../src/api/index";
import { connectingMessage } from "../../../../src/taskpane/connection/text";
import { connectionView } from "../../../../src/taskpane/connection/view";

describe("connection/view.ts, the phases", () => {
  describe("connectionView()", () => {
    it("shows the form, ready, when disconnected", () => {
      expect(connectionView({ phase: "disconnected" })).toEqual({
        showForm: true,
        formBusy: false,
        connectLabel: "Connect",
      });
    });

    it("keeps the form visible but busy while connecting", () => {
      expect(connectionView({ phase: "connecting", target: "api.example.com" })).toEqual({
        showForm: true,
        formBusy: true,
        connectLabel: "Connecting…",
      });
    });

    it("hides the form and shows the summary when connected", () => {
      const api = new LedgerApi({
        apiAddress: "https://api.example.com/v1",
        version: "rc-1",
        token: "t",
        identity: "acme",
      });
      const view = connectionView({
        phase: "connected",
        connection: {
          api,
          origin: "https://api.example.com",
          host: "api.example.com",
          apiAddress: "https://api.example.com/v1",
          version: "rc-1",
          identity: "acme",
          project: "Acme",
        },
      });
      expect(view).toEqual({
        showForm: false,
        formBusy: false,
        connectLabel: "Connect",
        summary: "Connected to https://api.example.com/rc-1 as project Acme",
      });
    });
  });

  describe("connectingMessage()", () => {
    it("says whether the user connects or the pane reconnects on its own", () => {
      expect(connectingMessage("api.example.com", false)).toBe("Connecting to api.example.com…");
      expect(connectingMessage(undefined, true)).toBe("Reconnecting to the server…");
    });
  });
});
