import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  OFFICE_JS_CDN,
  RunningPreview,
  startPreviewServer,
  withFakeOffice,
  withSandboxAddress,
} from "../../../tools/dev/previewServer";

describe("withFakeOffice()", () => {
  it("swaps the CDN's office.js for Microsoft's Excel client and the fake host, nothing else", () => {
    const html = `<head><script src="${OFFICE_JS_CDN}"></script><script src=taskpane.js></script>`;
    expect(withFakeOffice(html)).toBe(
      '<head><script src="excel-web-16.00.js"></script><script src="fake-office.js"></script>' +
        "<script src=taskpane.js></script>",
    );
  });

  it("refuses a page that does not load office.js from the CDN", () => {
    expect(() => withFakeOffice("<head></head>")).toThrow(/office\.js/);
  });
});

describe("withSandboxAddress()", () => {
  it("names the served sandbox in the page's meta, as built or minified", () => {
    for (const built of [
      '<head><meta name="ledger-sheets-sandbox" content="http://127.0.0.1:4010/v1" /><title>',
      '<head><meta name="ledger-sheets-sandbox" content="http://127.0.0.1:4010/v1"/><title>',
    ]) {
      expect(withSandboxAddress(built, "http://127.0.0.1:4555/v1")).toBe(
        '<head><meta name="ledger-sheets-sandbox" content="http://127.0.0.1:4555/v1" /><title>',
      );
    }
  });

  it("adds the meta to a page without one, with the address quoted as an attribute", () => {
    expect(withSandboxAddress("<head><title>", 'http://x/"><script>')).toBe(
      '<head><meta name="ledger-sheets-sandbox" content="http://x/&quot;&gt;&lt;script&gt;" />' +
        "<title>",
    );
  });
});

describe("startPreviewServer()", () => {
  let server: RunningPreview;
  const root = mkdtempSync(path.join(tmpdir(), "preview-test-"));
  const app = path.join(root, "app");
  const preview = path.join(root, "preview");

  beforeAll(async () => {
    mkdirSync(app);
    mkdirSync(preview);
    writeFileSync(path.join(app, "taskpane.html"), `<script src="${OFFICE_JS_CDN}"></script>`);
    writeFileSync(path.join(app, "functions.js"), "// functions");
    writeFileSync(path.join(preview, "preview.html"), "<h1>preview</h1>");
    writeFileSync(path.join(root, "secret.txt"), "not for the web");
    server = await startPreviewServer({
      host: "127.0.0.1",
      port: 0,
      appDir: app,
      previewDir: preview,
      log: () => {},
    });
  });

  afterAll(() => server.close());

  it("serves the preview page at /", async () => {
    const response = await fetch(server.url);
    expect(await response.text()).toBe("<h1>preview</h1>");
  });

  it("serves the built task pane with the fake office.js", async () => {
    const response = await fetch(`${server.url}taskpane.html`);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(await response.text()).toBe(
      '<script src="excel-web-16.00.js"></script><script src="fake-office.js"></script>',
    );
  });

  it("serves other built files unchanged", async () => {
    expect(await (await fetch(`${server.url}functions.js`)).text()).toBe("// functions");
  });

  it("serves nothing outside its folders", async () => {
    const response = await fetch(`${server.url}..%2Fsecret.txt`);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/not for the web/);
  });
});
