// Preloaded (node -r) into a process the benchmark runs on its own, such as the built export
// command: at exit it writes the process's peak resident memory, in bytes, to the file named
// by LEDGER_BENCH_PEAK_RSS_FILE. The kernel's own high-water mark, so no peak is missed
// between samples.
import { writeFileSync } from "node:fs";

const file = process.env["LEDGER_BENCH_PEAK_RSS_FILE"];
if (file) {
  process.on("exit", () => {
    writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
  });
}
