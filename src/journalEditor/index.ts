// The journal editor's actions and their outcomes, for the task pane.
export {
  activeJournalInfo,
  openJournal,
  sendActiveJournal,
  validateActiveJournal,
} from "./journalEditor";
export type { EditorDeps, OpenOptions } from "./journalEditor";
export type { OpenOutcome, SendOutcome, ValidateOutcome } from "./outcomes";
export { lineAccountChoices, putLineAccount } from "./lineAccounts";
export type { LineAccountChoices, LineAccountDeps } from "./lineAccounts";
