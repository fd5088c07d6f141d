// The browser stand-in for Office (bundled as fake-office.js for the preview page and the
// browser tests). It runs synchronously at load, as office.js does: it takes the host the preview
// page shows (window.parent.ledgerFakeHost), else one already on this window, else a new one,
// and installs the Office globals on this window.
//
// When Microsoft's Excel client (excel-web-16.00.js) was loaded before it, as the preview server
// arranges, Excel and OfficeExtension stay Microsoft's: Excel.run builds and serializes every
// batch with office.js's own code, and the executor answers it from the host's workbook.
// Office (onReady, settings, theme), OfficeRuntime and CustomFunctions are the fake's.
import { FakeExcelHost } from "./host";
import { installFakeOffice } from "./officeShim";
import { isOfficeJsClient, officeJsRun } from "./officeJs/router";
import type { OfficeJsClient } from "./officeJs/router";

interface HostWindow {
  ledgerFakeHost?: FakeExcelHost;
  parent?: HostWindow;
}

/** The parent's host when this page is framed by one that has it (same origin only). */
function parentHost(self: HostWindow): FakeExcelHost | undefined {
  const parent = self.parent;
  if (!parent || parent === self) return undefined;
  try {
    return parent.ledgerFakeHost;
  } catch {
    return undefined; // a cross-origin parent
  }
}

function chooseHost(self: HostWindow): FakeExcelHost {
  const host = parentHost(self) ?? self.ledgerFakeHost ?? new FakeExcelHost();
  self.ledgerFakeHost = host;
  return host;
}

/** Microsoft's client and the run that answers it, on this window. */
interface OfficeJsWindow extends Partial<OfficeJsClient> {
  ledgerOfficeJs?: { executor: unknown };
}

const self = window as unknown as HostWindow;
const page = window as unknown as OfficeJsWindow;
const microsoft = isOfficeJsClient(page)
  ? { Excel: page.Excel, OfficeExtension: page.OfficeExtension }
  : undefined;
const host = chooseHost(self);
installFakeOffice(window, host);
if (microsoft) {
  const office = officeJsRun(microsoft, host);
  const excel = microsoft.Excel as unknown as { run: (...args: unknown[]) => Promise<unknown> };
  // The add-in calls Excel.run(options, batch): the same options, with a context whose
  // requests reach the executor.
  excel.run = (...args: unknown[]) => {
    const batch = args.find((a) => typeof a === "function") as
      ((context: Excel.RequestContext) => Promise<unknown>) | undefined;
    if (!batch) return Promise.reject(new TypeError("Excel.run needs a batch function."));
    const options = typeof args[0] === "object" && args[0] !== null ? args[0] : {};
    return office.runWith(options as Excel.RunOptions, batch);
  };
  Object.assign(window, { Excel: microsoft.Excel, OfficeExtension: microsoft.OfficeExtension });
  page.ledgerOfficeJs = { executor: office.executor };
}
