import { FakeExcelHost } from "../../../tools/excel-emulator";

type Win = Record<string, unknown> & { ledgerFakeHost?: FakeExcelHost; parent?: unknown };

/** Loads the browser entry against `win` as the global window, as a script tag would. */
async function loadEntry(win: Win): Promise<void> {
  const globals = globalThis as unknown as Record<string, unknown>;
  globals.window = win;
  try {
    await jest.isolateModulesAsync(async () => {
      await import("../../../tools/excel-emulator/fakeOfficeEntry");
    });
  } finally {
    delete globals.window;
  }
}

describe("fakeOfficeEntry.ts", () => {
  it("uses the parent window's host when framed by the preview page", async () => {
    const host = new FakeExcelHost();
    const win: Win = { parent: { ledgerFakeHost: host } };
    await loadEntry(win);
    expect(win.ledgerFakeHost).toBe(host);
    expect(win.Office).toBeDefined();
  });

  it("uses a host already set on its own window", async () => {
    const host = new FakeExcelHost();
    const win: Win = { ledgerFakeHost: host };
    win.parent = win;
    await loadEntry(win);
    expect(win.ledgerFakeHost).toBe(host);
  });

  it("creates a host and exposes it as window.ledgerFakeHost otherwise", async () => {
    const win: Win = {};
    win.parent = win;
    await loadEntry(win);
    // A class from the entry's own module registry: compare by shape, not identity.
    expect(win.ledgerFakeHost?.constructor.name).toBe("FakeExcelHost");
    expect(typeof win.ledgerFakeHost?.run).toBe("function");
    expect(typeof (win.Excel as { run: unknown }).run).toBe("function");
  });

  it("installs synchronously, at load", async () => {
    const win: Win = {};
    await loadEntry(win);
    expect(win.CustomFunctions).toBeDefined();
  });
});
