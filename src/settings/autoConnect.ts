// Whether opening a workbook may connect by itself. A workbook is a file anyone can send: if the
// connection it names were used as is, a workbook with =LEDGER.PAYMENTS(2000) would fill itself
// with the data of whoever opens it. So the add-in connects by itself only to an (address,
// identity) pair the user connected to on this computer, and only when the workbook names it;
// everything else fills the form and waits for the user's click. Pure: the fingerprints come in.

import type { SavedConnection, WorkbookConnection } from "./connectionSettings";

/** A connection made on this computer, with the fingerprint of its identity at its address. */
export interface KnownConnection {
  readonly connection: SavedConnection;
  readonly fingerprint: string;
}

export type StartingConnection =
  /** Nothing to fill in. */
  | { readonly kind: "none" }
  /** The workbook names a pair made on this computer: connect by itself (token permitting). */
  | { readonly kind: "known"; readonly connection: SavedConnection }
  /** The workbook names no connection: the last one used here is filled in, not connected. */
  | { readonly kind: "new-workbook"; readonly connection: SavedConnection }
  /**
   * The workbook names a pair never made on this computer: address and version are filled in,
   * the identity too when the workbook has it in clear (an earlier version's), else it is empty.
   */
  | { readonly kind: "unknown"; readonly connection: SavedConnection };

function matches(workbook: WorkbookConnection, known: KnownConnection): boolean {
  if (known.connection.apiAddress !== workbook.apiAddress) return false;
  return workbook.identityFingerprint !== undefined
    ? known.fingerprint === workbook.identityFingerprint
    : known.connection.identity === workbook.identity;
}

export function startingConnection(
  workbook: WorkbookConnection | undefined,
  known: readonly KnownConnection[],
): StartingConnection {
  if (workbook === undefined) {
    const last = known[0];
    return last === undefined
      ? { kind: "none" }
      : { kind: "new-workbook", connection: last.connection };
  }
  const match = known.find((entry) => matches(workbook, entry));
  if (match !== undefined) {
    return {
      kind: "known",
      connection: { ...match.connection, version: workbook.version },
    };
  }
  return {
    kind: "unknown",
    connection: {
      apiAddress: workbook.apiAddress,
      version: workbook.version,
      identity: workbook.identity ?? "",
    },
  };
}
