// Where `npm start` records the processes it started, so `npm stop` can end them.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface DevProcesses {
  startPid: number;
  sandboxPid?: number;
  devServerPid?: number;
  /** The platform office-addin-debugging sideloaded into, if any ("desktop" or "web"). */
  sideloaded?: "desktop" | "web";
}

export const PROJECT_ROOT = path.resolve(__dirname, "../../..");
const STATE_FILE = path.join(PROJECT_ROOT, "build", "dev-processes.json");

export function saveDevProcesses(state: DevProcesses): void {
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export function loadDevProcesses(): DevProcesses | null {
  if (!existsSync(STATE_FILE)) return null;
  try {
    return JSON.parse(readFileSync(STATE_FILE, "utf8")) as DevProcesses;
  } catch {
    return null;
  }
}

export function clearDevProcesses(): void {
  rmSync(STATE_FILE, { force: true });
}

/** Ends a process group started with `detached: true`; false when it was already gone. */
export function endProcessGroup(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, "SIGTERM");
    return true;
  } catch {
    try {
      process.kill(pid, "SIGTERM");
      return true;
    } catch {
      return false;
    }
  }
}
