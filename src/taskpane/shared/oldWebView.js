// Says why the pane cannot start when Office shows it in Internet Explorer 11. With a <Runtimes>
// element in the manifest and no WebView2, Office uses IE11 (never Edge Legacy): Microsoft 365
// for Windows before Version 2108 without WebView2 does. The bundles are ES2017, which IE11
// cannot parse, so without this file the pane would stay on "Loading…" with no word why.
// ES5 on purpose (lint checks it), loaded before the bundles and independent of them.
(function () {
  "use strict";
  if (!/Trident\/|MSIE /.test(window.navigator.userAgent)) return;

  var MESSAGE =
    "Ledger Sheets cannot run here: this version of Office shows add-ins in Internet " +
    "Explorer 11. Update Microsoft 365 to Version 2108 or later, or (from Version 2102) ask " +
    "your administrator to turn on WebView2: the Microsoft Edge WebView2 Runtime installed and " +
    "the registry value HKEY_CURRENT_USER\\SOFTWARE\\Microsoft\\Office\\16.0\\WEF\\" +
    "Win32WebView2 = 1. Then open Ledger Sheets again. Excel on the web works in any current " +
    "browser.";

  function show() {
    var status = document.getElementById("host-status");
    if (!status) return;
    status.setAttribute("role", "alert");
    status.removeAttribute("hidden");
    status.textContent = MESSAGE;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", show);
  } else {
    show();
  }
})();
