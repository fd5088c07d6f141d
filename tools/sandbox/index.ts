/** The sandbox's public surface for tests, benchmarks and tools: start it, and know its seed data. */
export { startSandbox, type RunningSandbox, type SandboxStats } from "./server";
export { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SEED, type SandboxOptions } from "./options";
export {
  CURSOR_COLLECTIONS,
  DEFAULT_RECORD_COUNTS,
  DEMO_TOKEN,
  IDENTITIES,
  OTHER_COMPANY_RECORD_COUNTS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAYMENTS_LIMIT_DEFAULT,
  PAYMENTS_LIMIT_MAX,
  type CollectionName,
  type IdentityName,
  type ListName,
  type RecordCounts,
} from "./catalog";
export type { ErrorBody, ErrorCode, ErrorDetail } from "./errors";
export type { FaultPatch, FaultSettings, OneShotAction, PaymentsPagination } from "./faults";
export { CHARTS_OF_ACCOUNTS, type LedgerAccount } from "./seed/accounts";
export * from "./seed/awkward";
export { LARGE_JOURNAL, SEEDED_JOURNALS, type SeededJournal } from "./seed/journals";
export type * from "./seed/types";
