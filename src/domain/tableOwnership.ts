// Which project's data an import table holds. Tables record the project they were imported for;
// an import, a journal or Fetch new only touches the tables of its own project.
import { sameLabel } from "./projectLabels";

/** Which project an import is of, as its tables record it. */
export interface TableProject {
  readonly label: string;
  /** The workbook's first project, which also owns tables recorded without a project. */
  readonly first: boolean;
  /** The workbook has more than one project: status lines and messages name this one. */
  readonly named?: boolean;
}

/**
 * True when the table `record` describes holds `project`'s data; with no project given (one
 * connection, the CLI's tests), every table does.
 */
export function ownedBy(record: { readonly project?: string }, project?: TableProject): boolean {
  if (project === undefined) return true;
  if (record.project === undefined) return project.first;
  return sameLabel(record.project, project.label);
}
