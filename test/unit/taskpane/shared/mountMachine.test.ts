// The one dispatch loop of the panels: draw the new state, then the effects in order, then what
// depends on both; a stopped machine ignores events.
import { mountMachine } from "../../../../src/taskpane/shared/mountMachine";
import type { Step } from "../../../../src/taskpane/shared/step";

type Event = { type: "add"; by: number } | { type: "shout"; words: string[] };

function reduce(state: number, event: Event): Step<number, string> {
  return event.type === "add"
    ? { state: state + event.by, effects: [] }
    : { state, effects: event.words };
}

describe("mountMachine()", () => {
  it("draws each new state before its effects, then settles, in order", () => {
    const seen: string[] = [];
    const machine = mountMachine({
      reduce,
      initial: 1,
      render: (state, previous) => seen.push(`render ${previous}->${state}`),
      apply: (effect) => seen.push(`apply ${effect}`),
      settled: (state) => seen.push(`settled ${state}`),
    });
    machine.dispatch({ type: "add", by: 2 });
    machine.dispatch({ type: "shout", words: ["a", "b"] });
    expect(machine.state).toBe(3);
    expect(seen).toEqual([
      "render 1->3",
      "settled 3",
      "render 3->3",
      "apply a",
      "apply b",
      "settled 3",
    ]);
  });

  it("lets an effect dispatch again, the inner event drawn before the next effect", () => {
    const seen: string[] = [];
    const machine = mountMachine<number, Event, string>({
      reduce,
      initial: 0,
      render: (state) => seen.push(`render ${state}`),
      apply: (effect) => {
        seen.push(`apply ${effect}`);
        if (effect === "a") machine.dispatch({ type: "add", by: 5 });
      },
    });
    machine.dispatch({ type: "shout", words: ["a", "b"] });
    expect(seen).toEqual(["render 0", "apply a", "render 5", "apply b"]);
    expect(machine.state).toBe(5);
  });

  it("ignores every event once stopped", () => {
    const render = jest.fn();
    const machine = mountMachine({ reduce, initial: 0, render });
    machine.stop();
    machine.dispatch({ type: "add", by: 1 });
    expect(render).not.toHaveBeenCalled();
    expect(machine.state).toBe(0);
  });
});
