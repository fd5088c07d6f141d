// `npm stop`: ends what `npm start` started (sandbox, dev server, sideloaded add-in).
import { clearDevProcesses, endProcessGroup, loadDevProcesses } from "./devProcesses";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const state = loadDevProcesses();
if (!state) {
  console.log("Nothing to stop: npm start is not running.");
} else if (isRunning(state.startPid)) {
  // npm start ends its children and removes the sideloaded add-in when it receives SIGTERM.
  process.kill(state.startPid, "SIGTERM");
  console.log("Stopped npm start and everything it started.");
} else {
  endProcessGroup(state.sandboxPid);
  endProcessGroup(state.devServerPid);
  clearDevProcesses();
  console.log("Stopped the dev server and the sandbox left by an earlier npm start.");
}
