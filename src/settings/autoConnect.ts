// What opening a workbook does with each project it names. A workbook is a file anyone can send:
// if the connection it names were used as is, a workbook with =LEDGER.PAYMENTS(2000) would fill
// itself with the data of whoever opens it. So a project connects by itself only when this
// computer bound it in this very document (src/settings/documentBinding.ts: the document id and
// its url both match). Otherwise the pane shows what the workbook wants and waits for a click,
// the identity filled in when this computer knows the one the workbook's key stands for.
// Pure: the keys of the known identities come in.

import type { SavedConnection } from "./connectionSettings";
import { boundProject, DocumentRecord } from "./documentBinding";
import type { WorkbookProject } from "./projects";

/** A connection this computer knows, with the key of its identity as this computer makes it. */
export interface KnownIdentity {
  readonly connection: SavedConnection;
  readonly key: string;
}

export type StartingProject =
  /** Connected in this document on this computer: connect by itself (token permitting). */
  | { readonly kind: "bound"; readonly connection: SavedConnection }
  /** This computer knows the identity the workbook's key stands for: filled in, not connected. */
  | { readonly kind: "recognised"; readonly connection: SavedConnection }
  /** Never connected here: address and version filled in, the identity left to the user. */
  | { readonly kind: "unknown"; readonly connection: SavedConnection };

export function startingProject(
  project: WorkbookProject,
  document: DocumentRecord | undefined,
  known: readonly KnownIdentity[],
): StartingProject {
  const bound = boundProject(document, project);
  if (bound !== undefined) {
    const { apiAddress, version, identity } = bound;
    return { kind: "bound", connection: { apiAddress, version, identity } };
  }
  const { apiAddress, version } = project;
  const match = known.find(
    (entry) =>
      project.identityKey !== undefined &&
      entry.key === project.identityKey &&
      entry.connection.apiAddress === apiAddress,
  );
  if (match !== undefined) {
    return {
      kind: "recognised",
      connection: { apiAddress, version, identity: match.connection.identity },
    };
  }
  return { kind: "unknown", connection: { apiAddress, version, identity: "" } };
}
