// The browser stand-in for office.js (bundled as fake-office.js for the preview page and the
// browser tests). It runs synchronously at load, as office.js does: it takes the host the preview
// page shows (window.parent.ledgerFakeHost), else one already on this window, else a new one,
// and installs the Office globals on this window.
import { FakeExcelHost } from "./host";
import { installFakeOffice } from "./officeShim";

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

const self = window as unknown as HostWindow;
installFakeOffice(window, chooseHost(self));
