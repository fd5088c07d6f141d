// The project name the connect form suggests: the server's host, made into a name
// checkProjectLabel accepts and no other project of the workbook holds. A numbered "Project 1"
// tells the user nothing on a sheet tab or in a formula. The identity is never used: the
// workbook holds no identity, nor anything made from it alone (README, "A guessed identity"),
// and a name is written into the workbook, its sheet names and its formulas.

import { sameLabel } from "../domain/projectLabels";
import { checkProjectLabel } from "./projects";

/** The longest name checkProjectLabel accepts. */
const MAX_LENGTH = 20;
/** What a project name cannot hold (see checkProjectLabel), and runs of spaces. */
// eslint-disable-next-line no-control-regex
const NOT_IN_NAME = /[:\\/?*[\]"'\u0000-\u001f\u007f\s]+/g;
/** The parts of a host that name the service rather than the company: "api.", "www.". */
const SERVICE_PREFIX = /^(?:(?:api|www|ledger|accounts?)\.)+/i;
/** A server on this computer (the sandbox, a test server) has no company in its host. */
const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const LOCAL_NAME = "Local";
/** The last resort, when the address gives no usable word. */
const FALLBACK = "Ledger";

function cleaned(text: string, room: number): string {
  return text.replace(NOT_IN_NAME, " ").trim().slice(0, room).trimEnd();
}

function hostWords(apiAddress: string): string {
  let hostname: string;
  try {
    hostname = new URL(apiAddress.trim()).hostname;
  } catch {
    return "";
  }
  if (LOCAL_HOST.test(hostname)) return LOCAL_NAME;
  const company = hostname.replace(SERVICE_PREFIX, "");
  return cleaned(company === "" ? hostname : company, MAX_LENGTH);
}

/**
 * A name for a project at `apiAddress`, none of `taken` (ignoring case): "example.com" for
 * https://api.example.com/v1, "Local" for a server on this computer, then "example.com 2" when
 * that is taken.
 */
export function suggestProjectLabel(apiAddress: string, taken: readonly string[]): string {
  const isTaken = (label: string) => taken.some((name) => sameLabel(name, label));
  const words = hostWords(apiAddress);
  const start = words !== "" && checkProjectLabel(words).ok ? words : FALLBACK;
  if (!isTaken(start)) return start;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const label = `${cleaned(start, MAX_LENGTH - suffix.length)}${suffix}`;
    if (!isTaken(label)) return label;
  }
}
