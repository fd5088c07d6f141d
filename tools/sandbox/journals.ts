/** The mutable journal store, one book per identity; everything else in the sandbox is immutable. */
import { IDENTITIES, type IdentityName } from "./catalog";
import { largeJournal, seedJournals } from "./seed/journals";
import type { ManualJournal } from "./seed/types";

export class JournalBook {
  private books = new Map<IdentityName, ManualJournal[]>();

  /** `largeLines` > 0 adds demo-company's large journal (JNL-0009) of that many lines. */
  constructor(private readonly largeLines = 0) {
    this.reset();
  }

  /** Restores every identity's seeded journals (the large one included). */
  reset(): void {
    this.books = new Map(
      IDENTITIES.map((identity) => {
        const seeded = seedJournals(identity);
        if (identity === "demo-company" && this.largeLines > 0) {
          seeded.push(largeJournal(this.largeLines));
        }
        return [identity, seeded];
      }),
    );
  }

  list(identity: IdentityName): readonly ManualJournal[] {
    return this.books.get(identity) ?? [];
  }

  /** By id first, then by transaction_reference (the spec's alternative key). */
  find(identity: IdentityName, key: string): ManualJournal | undefined {
    const journals = this.list(identity);
    return (
      journals.find((journal) => journal.id === key) ??
      journals.find((journal) => journal.transaction_reference === key)
    );
  }

  replace(identity: IdentityName, updated: ManualJournal): void {
    const journals = this.books.get(identity);
    if (!journals) return;
    const at = journals.findIndex((journal) => journal.id === updated.id);
    if (at >= 0) journals[at] = updated;
  }
}
