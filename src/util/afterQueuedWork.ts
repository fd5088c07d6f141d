// Lets work already queued run before the caller goes on: promise reactions and, on Node, the
// next ticks that hand a new HTTP request to its socket. Cheaper than a timer (Node makes
// `setTimeout(0)` at least a millisecond; browsers clamp nested timers to 4 ms).

type Schedule = (callback: () => void) => unknown;

/** Resolves once everything queued before the call (microtasks, Node's next ticks) has run. */
export function afterQueuedWork(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: Schedule }).setImmediate;
  if (immediate) return new Promise((resolve) => void immediate(resolve));
  return new Promise((resolve) => {
    // A message is a task of its own, run after the current one's microtasks, with no clamp.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
