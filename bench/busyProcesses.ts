// Processes that keep a core busy: what "one busy process beside it" means for a row that must
// hold up on a machine doing something else.
import { fork, type ChildProcess } from "node:child_process";

/** `count` child processes each spinning on a core until {@link BusyProcesses.stop}. */
export class BusyProcesses {
  private constructor(private readonly children: readonly ChildProcess[]) {}

  static async start(count: number): Promise<BusyProcesses> {
    const children = Array.from({ length: count }, () =>
      fork(__filename, ["--spin"], { stdio: ["ignore", "inherit", "inherit", "ipc"] }),
    );
    // Running once each has said so: the measured work starts beside a busy core, not before it.
    await Promise.all(
      children.map(
        (child) => new Promise<void>((resolve) => child.once("message", () => resolve())),
      ),
    );
    return new BusyProcesses(children);
  }

  get count(): number {
    return this.children.length;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else {
              child.once("exit", () => resolve());
              child.kill("SIGKILL");
            }
          }),
      ),
    );
  }
}

function spin(): void {
  process.send?.("spinning");
  process.on("disconnect", () => process.exit(0));
  // Short bursts, so the disconnect of a parent that died is still noticed.
  const burst = (): void => {
    const until = Date.now() + 50;
    while (Date.now() < until) {
      // spin
    }
    setImmediate(burst);
  };
  burst();
}

if (process.argv[2] === "--spin") spin();
