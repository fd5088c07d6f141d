// Connecting projects through the built task pane at 320 px (Excel's narrowest pane): the name
// suggested from the address, the connection announced where the pane moves to, the whole
// address in the summary, Add project's heading and Cancel, the form after Disconnect, and
// axe-core clean on each of those states.
import { BrowserSession, openPreview, showTab } from "./harness";
import { seriousFindings } from "./helpers/axeFindings";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  await session.pane.getByRole("tab", { name: "Connection" }).waitFor();
}, 60_000);

afterAll(async () => {
  await session?.close();
});

/** True when the element's text fits its box: nothing cut off or scrolled out of sight. */
function fitsItsBox(selector: string): Promise<boolean> {
  return session.pane
    .locator(selector)
    .evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= 320);
}

async function fillProject(identity: string, name?: string): Promise<void> {
  const { pane, sandbox } = session;
  await pane.getByLabel("API address").fill(sandbox.baseUrl);
  await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
  await pane.getByLabel("Project identity").fill(identity);
  if (name !== undefined) await pane.getByLabel("Project name").fill(name);
}

describe("connecting projects at 320 px", () => {
  it("suggests a project name from the address, never Project 1 nor the identity", async () => {
    const { pane } = session;
    await fillProject("demo-company");
    expect(await pane.getByLabel("Project name").inputValue()).toBe("Local");
    // A name typed stays, whatever the address becomes.
    await pane.getByLabel("Project name").fill("Demo Ltd");
    await pane.getByLabel("API address").fill("https://api.example.com/v1");
    expect(await pane.getByLabel("Project name").inputValue()).toBe("Demo Ltd");
  });

  it("announces the connection in a live region seen on the panel the pane moves to", async () => {
    const { pane } = session;
    await fillProject("demo-company", "Demo Ltd");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    const announcement = pane.locator("#pane-announcement");
    await announcement.filter({ hasText: "Connected to project Demo Ltd." }).waitFor();
    expect(await announcement.getAttribute("role")).toBe("status");
    expect(await announcement.isVisible()).toBe(true);
    expect(await pane.locator("#connection-panel").isHidden()).toBe(true);
    expect(await pane.locator("#connection-panel #pane-announcement").count()).toBe(0);
    // Said once: the hidden panel's own live region does not repeat it.
    expect(await pane.locator("#connection-status").innerText()).toBe("");
    expect(await seriousFindings(session.page)).toEqual([]);
  });

  it("shows the whole address in the summary, wrapped within the pane", async () => {
    const { pane, sandbox } = session;
    await showTab(session, "Connection");
    const summary = pane.locator("#connection-summary");
    expect(await summary.innerText()).toBe(`Connected to ${sandbox.baseUrl} as project Demo Ltd`);
    expect(await fitsItsBox("#connection-summary")).toBe(true);
  });

  it("gives Add project its own heading and a Cancel that leaves the connection as it was", async () => {
    const { pane } = session;
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Add project" }).click();
    const form = pane.getByRole("form", { name: "Add a project" });
    await form.waitFor();
    expect(await pane.getByRole("heading", { name: "Add a project" }).isVisible()).toBe(true);
    // The announcement of the last connection goes once the next action starts.
    expect(await pane.locator("#pane-announcement").innerText()).toBe("");
    expect(await seriousFindings(session.page)).toEqual([]);
    await fillProject("other-company");
    await form.getByRole("button", { name: "Cancel" }).click();
    await pane.locator("#connection-form").waitFor({ state: "hidden" });
    expect(await pane.locator("#connection-status").innerText()).toBe("No project was added.");
    expect(
      await pane
        .getByRole("button", { name: "Change connection" })
        .evaluate((e) => e === document.activeElement),
    ).toBe(true);
    expect(await pane.locator("#connection-summary").innerText()).toMatch(/as project Demo Ltd$/);
  });

  it("connects the added project, its name suggested afresh, and names it in the announcement", async () => {
    const { pane } = session;
    await pane.getByRole("button", { name: "Add project" }).click();
    await fillProject("other-company");
    expect(await pane.getByLabel("Project name").inputValue()).toBe("Local");
    await pane.getByLabel("Project name").fill("Other Co");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane
      .locator("#pane-announcement")
      .filter({ hasText: "Connected to project Other Co." })
      .waitFor();
    await showTab(session, "Connection");
    await pane
      .locator("#project-list li")
      .filter({ hasText: /^Other Co · .* · connected/ })
      .waitFor({ state: "attached" });
    expect(await fitsItsBox("#project-list")).toBe(true);
    expect(await seriousFindings(session.page)).toEqual([]);
  });

  it("after Disconnect, fills the form with the project disconnected, not another, and offers one Connect for it", async () => {
    const { pane, sandbox } = session;
    // Other Co's Connect would fill the form with it; the default is then disconnected.
    await pane.getByRole("button", { name: "Disconnect Other Co" }).click();
    await pane.getByRole("button", { name: "Connect Other Co" }).click();
    await pane.getByRole("heading", { name: "Connect Other Co" }).waitFor();
    expect(await pane.getByLabel("Project name").inputValue()).toBe("Other Co");
    await pane.getByRole("button", { name: "Cancel" }).click();
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Disconnect", exact: true }).click();
    await pane.locator("#connection-form").waitFor({ state: "visible" });
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("demo-company");
    expect(await pane.getByLabel("Project name").inputValue()).toBe("Demo Ltd");
    expect(await pane.getByLabel("API address").inputValue()).toBe(sandbox.baseUrl);
    expect(await pane.getByLabel("Access token", { exact: true }).inputValue()).toBe("");
    expect(await pane.locator("#connection-form-heading").isHidden()).toBe(true);
    expect(await pane.getByRole("button", { name: "Cancel" }).isHidden()).toBe(true);
    // One Connect per project: the form's is Demo Ltd's, so its row in the list offers none.
    expect(await pane.getByRole("button", { name: "Connect Demo Ltd" }).count()).toBe(0);
    expect(await pane.getByRole("button", { name: "Connect Other Co" }).count()).toBe(1);
    expect(await pane.getByRole("button", { name: "Connect", exact: true }).count()).toBe(1);
    expect(await seriousFindings(session.page)).toEqual([]);
  });
});
