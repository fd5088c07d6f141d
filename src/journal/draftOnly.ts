// Only a DRAFT journal can be changed on the server; the sheet, the editor and the task pane all say
// so in the same words.

/**
 * Why a journal in `status` cannot be changed, without a closing full stop: a sheet cell shows it
 * as it is and sentences add their own.
 */
export function notDraftReason(status: string): string {
  const which = status.trim() === "" ? "This journal" : `${status.trim()} journals`;
  return `${which} cannot be changed; only DRAFT journals can`;
}
