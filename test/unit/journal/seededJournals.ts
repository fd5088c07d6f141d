// Test helper: the sandbox's seeded journals as the API client hands them over.
import { parseJournalResponse } from "../../../src/api";
import type { JsonValue, ManualJournal } from "../../../src/api";
import { seedJournals } from "../../../tools/sandbox/seed/journals";

/** A seeded journal by reference (JNL-0001 …), through JSON text and the client's own parser. */
export function seededJournal(
  reference: string,
  identity: "demo-company" | "other-company" = "demo-company",
): ManualJournal {
  const journal = seedJournals(identity).find((candidate) => candidate.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return viaClient(journal);
}

/** Every seeded journal of both identities, as the client parses them. */
export function allSeededJournals(): ManualJournal[] {
  return (["demo-company", "other-company"] as const).flatMap((identity) =>
    seedJournals(identity).map(viaClient),
  );
}

function viaClient(journal: unknown): ManualJournal {
  const json = JSON.parse(
    JSON.stringify({ status: true, message: "OK", data: journal }),
  ) as JsonValue;
  return parseJournalResponse(json).data;
}

/**
 * A balanced DRAFT journal of about `count` lines: the seeded JNL-0002's lines repeated (each
 * with its own line id), trimmed to whole repeats so the debits still equal the credits.
 */
export function repeatedJournal(count: number): ManualJournal {
  const seed = seededJournal("JNL-0002");
  const lines: ManualJournal["lines"][number][] = [];
  for (let i = 0; lines.length < count; i++) {
    const line = seed.lines[i % seed.lines.length]!;
    lines.push({ ...line, id: `${line.id}-${i}` });
  }
  lines.length -= count % seed.lines.length;
  return { ...seed, lines };
}
