// Built-ins newer than ES2017 that the add-in uses, for Edge Legacy (EdgeHTML 18): the web view
// of Office builds on Windows without the WebView2 runtime (docs/deploy.md). The bundles are
// compiled to ES2017 syntax; these fill in the library. Each is installed only where missing.
// Imported first by each entry (task pane and functions), which share one runtime.
import "core-js/actual/array/at";
import "core-js/actual/array/flat";
import "core-js/actual/array/flat-map";
import "core-js/actual/global-this";
import "core-js/actual/object/from-entries";
import "core-js/actual/string/at";
