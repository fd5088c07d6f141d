// The connection panel's words and its form's rules: which field is wrong, what a failed connection
// means, how a live connection is described and what the status line says while one is checked.
// Pure: no DOM, no Office.

import {
  API_VERSIONS,
  ApiConnection,
  ApiError,
  ApiVersion,
  isApiError,
  resolveBaseUrl,
  resolveConnection,
  ResolvedConnection,
} from "../../api/index";
import type { Result } from "../../util/result";

/** What the form holds, as typed. */
export interface ConnectionFormValues {
  readonly apiAddress: string;
  readonly version: string;
  readonly token: string;
  readonly identity: string;
  readonly remember: boolean;
  /** The project's name in this workbook; empty or absent: its name there, or one suggested. */
  readonly label?: string;
  /**
   * The name is the form's suggestion, not typed: a project the workbook already holds keeps
   * its own name.
   */
  readonly labelSuggested?: boolean;
}

export type ConnectionField = "apiAddress" | "version" | "token" | "identity" | "label";

/** The local sandbox (`npm start`, `npm run sandbox`) on its default port, and its demo credentials. */
export const SANDBOX_CONNECTION: Readonly<ApiConnection> = {
  apiAddress: "http://127.0.0.1:4010/v1",
  version: "v1",
  token: "demo-token",
  identity: "demo-company",
};

/**
 * The sandbox connection at `served`, the address the page that serves the pane names (the port
 * `npm start` or `npm run preview` started the sandbox on). Only a plain http address on this
 * computer's loopback is taken, as only the sandbox lives there; anything else keeps the default.
 */
export function sandboxConnection(served: string | undefined): Readonly<ApiConnection> {
  if (served === undefined) return SANDBOX_CONNECTION;
  let url: URL;
  try {
    url = new URL(served);
  } catch {
    return SANDBOX_CONNECTION;
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  if (url.protocol !== "http:" || !loopback || url.username !== "" || url.password !== "") {
    return SANDBOX_CONNECTION;
  }
  return { ...SANDBOX_CONNECTION, apiAddress: `${url.origin}/v1` };
}

export type FormCheck = Result<
  { connection: ApiConnection; resolved: ResolvedConnection },
  { field: ConnectionField; message: string }
>;

export function isApiVersion(value: string): value is ApiVersion {
  return API_VERSIONS.some((version) => version === value);
}

/** Runs `check`; a `config` ApiError becomes its message, anything else is rethrown. */
function configProblem(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (isApiError(error) && error.kind === "config") return error.message;
    throw error;
  }
}

/**
 * Checks the form before any request is sent, field by field in the order they appear, and
 * names the field at fault: an address that is not https (except on localhost) is refused here.
 */
export function checkConnectionForm(values: ConnectionFormValues): FormCheck {
  const { version } = values;
  if (!isApiVersion(version)) {
    return { ok: false, field: "version", message: "Choose the API version: v1 or rc-1." };
  }
  const addressProblem = configProblem(() => resolveBaseUrl(values.apiAddress, version));
  if (addressProblem !== undefined) {
    return { ok: false, field: "apiAddress", message: addressProblem };
  }
  const connection: ApiConnection = {
    apiAddress: values.apiAddress,
    version,
    token: values.token,
    identity: values.identity,
  };
  // With the address known good and a placeholder token, any problem left is the identity's.
  const identityProblem = configProblem(() =>
    resolveConnection({ ...connection, token: "placeholder" }),
  );
  if (identityProblem !== undefined) {
    return { ok: false, field: "identity", message: identityProblem };
  }
  let resolved: ResolvedConnection | undefined;
  const tokenProblem = configProblem(() => {
    resolved = resolveConnection(connection);
  });
  if (tokenProblem !== undefined || resolved === undefined) {
    return { ok: false, field: "token", message: tokenProblem ?? "Enter the access token." };
  }
  return { ok: true, connection, resolved };
}

/** `api.example.com` or `127.0.0.1:4010`: the server as a person recognises it. */
export function hostOf(origin: string): string {
  return new URL(origin).host;
}

/**
 * The line shown while connected: the whole address requests go to (its path names the
 * version), so that nothing of it is hidden, and the project's name. Never the identity: the
 * contract makes it an API key, and the pane is read over shoulders and in screenshots.
 */
export function connectedSummary(connection: {
  readonly baseUrl: string;
  readonly project: string;
}): string {
  return `Connected to ${connection.baseUrl} as project ${connection.project}`;
}

/** A project's line in the pane's list: "Acme · api.example.com (v1) · connected". */
export function projectSummary(project: {
  readonly label: string;
  readonly host: string | undefined;
  readonly version: ApiVersion;
  readonly connected: boolean;
  readonly isDefault: boolean;
  /** The service refused its token: it stays disconnected until a new one is entered. */
  readonly tokenRefused?: boolean;
}): string {
  const where = project.host === undefined ? "" : ` · ${project.host} (${project.version})`;
  const state = project.connected
    ? "connected"
    : project.tokenRefused === true
      ? "token refused"
      : "not connected";
  return `${project.label}${project.isDefault ? " (default)" : ""}${where} · ${state}`;
}

/**
 * A few plain words put before the client's message where that message alone would not say
 * what is wrong in the user's terms. The client's messages for a refused token, an unreachable
 * server, a timeout and a bad setting already do, so they stand alone.
 */
const HEADLINES: Partial<Record<ApiError["kind"], string>> = {
  forbidden: "Unknown project, or one this token may not use.",
  "not-found": "No Ledger API was found at this address.",
  "rate-limited": "The server is busy.",
  server: "The server has a problem.",
  "malformed-response": "The server's answer was not what the Ledger API sends.",
  "bad-request": "The server refused the check.",
};
/** Which field to point the user at after a failed check, when one field is clearly at fault. */
const FIELD_AT_FAULT: Partial<Record<ApiError["kind"], ConnectionField>> = {
  auth: "token",
  forbidden: "identity",
  "not-found": "apiAddress",
  "malformed-response": "apiAddress",
};

export interface ConnectFailure {
  readonly message: string;
  readonly field?: ConnectionField;
  /** True when the user cancelled: nothing went wrong. */
  readonly cancelled: boolean;
}

/** Turns a failed connection check into one plain sentence or two. */
export function describeConnectFailure(error: unknown): ConnectFailure {
  if (isApiError(error)) {
    if (error.kind === "aborted") {
      return { message: "Connecting was cancelled.", cancelled: true };
    }
    const headline = HEADLINES[error.kind];
    const field = FIELD_AT_FAULT[error.kind];
    return {
      message: headline === undefined ? error.message : `${headline} ${error.message}`,
      cancelled: false,
      ...(field === undefined ? {} : { field }),
    };
  }
  // Not an ApiError: a bug or a host problem. Its own message is not shown, since it did not go
  // through the client's redaction.
  return {
    message:
      "The connection failed unexpectedly. Try again; if it keeps failing, reload the add-in.",
    cancelled: false,
  };
}

/** The status line while a check is in flight. */
export function connectingMessage(target: string | undefined, quiet: boolean): string {
  const where = target === undefined ? "the server" : target;
  return quiet ? `Reconnecting to ${where}…` : `Connecting to ${where}…`;
}
