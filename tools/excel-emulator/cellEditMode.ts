// Cell edit mode as Excel has it: while the user edits a cell, requests wait for the edit to end
// (or are refused, see the office.js executor); tests can wait for a request to be held.

export class CellEditMode {
  /** Set while the user edits a cell: resolves when editing ends. */
  private edit: { ended: Promise<void>; end: () => void } | undefined;
  private readonly waiters = new Set<() => void>();

  /** The user starts typing in a cell. */
  begin(): void {
    if (this.edit) return;
    let end = (): void => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.edit = { ended, end };
  }

  /** The user presses Enter: requests waiting for the edit to end go on. */
  end(): void {
    const edit = this.edit;
    this.edit = undefined;
    edit?.end();
  }

  get editing(): boolean {
    return this.edit !== undefined;
  }

  /** Resolves when no cell is being edited (at once when none is); a request waits on it. */
  ended(): Promise<void> {
    const edit = this.edit;
    if (!edit) return Promise.resolve();
    for (const waiter of [...this.waiters]) waiter();
    return edit.ended;
  }

  /** Resolves when a request next waits for the edit to end. */
  requestWaits(): Promise<void> {
    return new Promise((resolve) => {
      const waiter = (): void => {
        this.waiters.delete(waiter);
        resolve();
      };
      this.waiters.add(waiter);
    });
  }
}
