/**
 * Records added to and removed from the front of the collections after seeding, so tests and
 * benchmarks can show a refresh that fetches only what is new (and what happens when the newest
 * records a table knows were deleted). Added records are newer than every seeded one: they are
 * generated at negative indices (index -1 is just newer than the seeded newest, -n the newest),
 * so the seeded records keep their ids, numbers and contents. Payments are not affected.
 */
import type { CollectionName, IdentityName } from "./catalog";
import { collectionRecord, RecordMemo } from "./seed/records";
import type { CollectionRecord } from "./seed/types";

interface Change {
  added: number;
  removedNewest: number;
}

export class ListChanges {
  private readonly changes = new Map<string, Change>();

  /** `memo`: keep generated records (the sandbox's `keepRecords`); none generates each time. */
  constructor(private readonly memo?: RecordMemo) {}

  private changeOf(identity: IdentityName, list: CollectionName): Change {
    const key = `${identity}/${list}`;
    let change = this.changes.get(key);
    if (!change) {
      change = { added: 0, removedNewest: 0 };
      this.changes.set(key, change);
    }
    return change;
  }

  /** Adds `count` new records at the front (newest first). */
  add(identity: IdentityName, list: CollectionName, count: number): void {
    this.changeOf(identity, list).added += count;
  }

  /** Removes the `count` newest records, added ones first, then seeded ones. */
  removeNewest(identity: IdentityName, list: CollectionName, count: number, seeded: number): void {
    const change = this.changeOf(identity, list);
    const fromAdded = Math.min(change.added, count);
    change.added -= fromAdded;
    change.removedNewest = Math.min(seeded, change.removedNewest + count - fromAdded);
  }

  reset(): void {
    this.changes.clear();
  }

  /** How many records the list has now, given its seeded count. */
  size(identity: IdentityName, list: CollectionName, seeded: number): number {
    const change = this.changes.get(`${identity}/${list}`);
    return change ? change.added + seeded - change.removedNewest : seeded;
  }

  /** Records [start, end) of the list as it is now, newest first. */
  page(
    key: { seed: number; identity: IdentityName; list: CollectionName; count: number },
    start: number,
    end: number,
  ): CollectionRecord[] {
    const change = this.changes.get(`${key.identity}/${key.list}`) ?? {
      added: 0,
      removedNewest: 0,
    };
    const records: CollectionRecord[] = [];
    for (let position = start; position < end; position++) {
      const index =
        position < change.added
          ? position - change.added // -added … -1: newest first
          : position - change.added + change.removedNewest;
      records.push(this.memo ? this.memo.record(key, index) : collectionRecord(key, index));
    }
    return records;
  }
}
