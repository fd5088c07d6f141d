// How long this thread worked, apart from waiting for the network or another process: Node's
// event loop utilization, the loop's active time between two readings. An import at 0 ms whose
// thread is busy for longer than the floor takes cannot come closer to the floor than that,
// however well its work fills the floor's waits.
import { performance, type EventLoopUtilization } from "node:perf_hooks";

/** A running measure of the thread's busy time. */
export class ThreadBusy {
  private readonly start: EventLoopUtilization = performance.eventLoopUtilization();

  /** Milliseconds the thread has been busy since this measure began. */
  ms(): number {
    return performance.eventLoopUtilization(this.start).active;
  }
}
