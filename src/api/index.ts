// The API client's public surface: configuration, errors, the endpoints, pagination and record types.

export {
  API_VERSIONS,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  SERVICE_DECIMALS,
  resolveBaseUrl,
  resolveConnection,
  resolveOptions,
} from "./config";
export type {
  ApiConnection,
  ApiVersion,
  ClientOptions,
  ResolvedConnection,
  ResolvedOptions,
  RetryPolicy,
} from "./config";
export { globalFetch, systemClock, timerSleep } from "./environment";
export type {
  Clock,
  FetchInit,
  FetchLike,
  FetchResponseLike,
  RandomSource,
  Sleep,
} from "./environment";
export { ApiError, isApiError } from "./errors";
export type { ApiErrorDetail, ApiErrorFacts, ApiErrorKind } from "./errors";
export { redactSecret } from "./redaction";
export { JsonDecimal, stringifyExact } from "./exactJson";
export type { ExactJson } from "./exactJson";
export {
  buildJournalUpdate,
  checkJournalUpdate,
  journalUpdateBody,
  keepUntouchedAmounts,
  keepUntouchedDate,
  type JournalUpdateDraft,
  type JournalUpdateDraftLine,
} from "./journalUpdateBody";
export {
  isJsonNumber,
  isJsonObject,
  JsonNumber,
  setJsonMember,
  ShapeError,
  stringifyJson,
} from "./json";
export { parseJsonText } from "./jsonText";
export type { JsonObject, JsonRecord, JsonValue } from "./json";
export { checkCollectionPath, LedgerApi } from "./ledgerApi";
export type { CallOptions, CollectionParams, CursorParams, PaymentsParams } from "./ledgerApi";
export { describePaymentsBatch, iterateCollection, iteratePayments } from "./pagination";
export type {
  CollectionSource,
  CollectionWalkOptions,
  PaymentsBatch,
  PaymentsSource,
  PaymentsWalkOptions,
  WalkOptions,
} from "./pagination";
export {
  parseCollectionPage,
  parseJournalResponse,
  parsePayment,
  parsePaymentsPage,
} from "./parse";
export type { RetryEvent } from "./retry";
export { JOURNAL_STATUSES } from "./types";
export type {
  Allocation,
  CollectionPage,
  CursorPage,
  DecimalText,
  DestinationAccount,
  JournalLine,
  JournalResponse,
  JournalStatus,
  JournalUpdate,
  JournalUpdateLine,
  ManualJournal,
  Payment,
  PaymentsPage,
  Vendor,
} from "./types";
