// Which new rows still go in, given the ids at the top of the table just before an insert. Another
// client (a co-author with Fetch new on open, or a second run in this pane) may have found the
// same new records and put them there since this one read the table. Every fetch of new records
// puts its rows in as an unbroken run of the list, oldest first, directly above the newest record
// it knew; so the rows above the one this fetch knew are a run of the same list, and this fetch
// continues it: it leaves out what is there and adds only what is newer than the table's top.
// When the top of the table is not such a run (or not all of it is in view), nothing is added:
// a row put in twice, or out of the list's order, is worse than one left for the next fetch.

/**
 * Records newer than all of this fetch's that another fetch may have put above them (an id is
 * about 40 bytes: 40 kB to read). With more, the block is not all in view and stays out.
 */
const NEWER_ROOM = 1_000;

/** The ids (text cells) of a column's values; anything else is no id. */
export function idTexts(values: readonly unknown[]): string[] {
  return values.map((value) => (typeof value === "string" ? value : ""));
}

/** What to do with one block of new rows. */
export type BlockPlan =
  | {
      readonly kind: "insert";
      /** Per row of the block: true when it goes in, false when its record is already there. */
      readonly keep: readonly boolean[];
      /** Rows of the block left out because their record is already there. */
      readonly alreadyThere: number;
    }
  /** The table's top is not a run of the list this fetch can continue: add nothing more. */
  | { readonly kind: "stop" };

export class NewRowRun {
  /** Each new id's place in the list counted from the oldest new one (1); the anchor is 0. */
  private readonly rank = new Map<string, number>();
  /** The new ids, oldest first. */
  private readonly oldestFirst: readonly string[];

  /**
   * `newestFirst`: the ids of all the new records, in the server's order. `anchor`: the id of the
   * table's first row when the new records were looked for (the newest record the table had).
   */
  constructor(
    newestFirst: readonly string[],
    private readonly anchor: string,
  ) {
    this.oldestFirst = [...newestFirst].reverse();
    this.rank.set(anchor, 0);
    this.oldestFirst.forEach((id, index) => this.rank.set(id, index + 1));
  }

  /**
   * How many of the table's top rows to read for a plan: all the new ones and the anchor, and
   * room for newer records that a fetch which looked later may have put above them.
   */
  get rowsToRead(): number {
    return this.oldestFirst.length + 1 + NEWER_ROOM;
  }

  /**
   * What to insert of a block whose rows have ids `block`, when the table's first rows now
   * hold `top` (top to bottom; a prefix of the table, at most all of it).
   */
  plan(block: readonly string[], top: readonly string[]): BlockPlan {
    const present = new Set(top);
    const keep = block.map((id) => !present.has(id));
    const alreadyThere = keep.filter((kept) => !kept).length;
    if (alreadyThere === block.length) return { kind: "insert", keep, alreadyThere };
    const first = top[0];
    const reached = first === undefined ? undefined : this.rank.get(first);
    // A first row this fetch does not know: someone put newer records, or something else, there.
    if (reached === undefined) return { kind: "stop" };
    // From the anchor up to the first row, the table must hold the list's run unbroken; then the
    // rows left to add (all newer than the first row: the older ones are all there) go on top.
    if (reached > 0 && !present.has(this.anchor)) return { kind: "stop" };
    for (const id of this.oldestFirst.slice(0, reached)) {
      if (!present.has(id)) return { kind: "stop" };
    }
    return { kind: "insert", keep, alreadyThere };
  }
}
