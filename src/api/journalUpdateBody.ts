// Builds the exact JSON text of a journal update, after checking it so nothing malformed is sent.

import { ApiError, ApiErrorDetail } from "./errors";
import { ExactJson, JsonDecimal, stringifyExact } from "./exactJson";
import { describeJson, isDecimalText, JsonValue } from "./json";
import { JournalUpdate, JournalUpdateLine } from "./types";

const LINE_TYPES = ["DEBIT", "CREDIT"];

/** The problems of `update`, each naming its field (`lines[2].amount`); empty when it can be sent. */
export function checkJournalUpdate(update: JournalUpdate): ApiErrorDetail[] {
  // Read through `unknown`: callers in plain JavaScript or from parsed sheets may break the types.
  const problems: ApiErrorDetail[] = [];
  const at = (field: string, message: string): void => {
    problems.push({ field, message });
  };
  const fields = update as unknown as Record<string, unknown>;
  const text = (field: string, value: unknown, required: boolean): void => {
    if (value === undefined && !required) return;
    if (typeof value !== "string" || (required && value.trim() === "")) {
      at(field, `expected ${required ? "a non-empty " : "a "}string, got ${shown(value)}`);
    }
  };
  const decimal = (field: string, value: unknown, required: boolean): void => {
    if (value === undefined && !required) return;
    if (typeof value !== "string" || !isDecimalText(value)) {
      at(field, `expected a decimal string such as 10.30, got ${shown(value)}`);
    }
  };
  text("transaction_date", fields["transaction_date"], true);
  text("currency_code", fields["currency_code"], true);
  decimal("exchange_rate", fields["exchange_rate"], false);
  text("description", fields["description"], false);
  const lines = fields["lines"];
  if (!Array.isArray(lines)) {
    at("lines", `expected an array, got ${shown(lines)}`);
    return problems;
  }
  lines.forEach((line: unknown, index) => {
    const path = `lines[${index}]`;
    if (typeof line !== "object" || line === null) {
      at(path, `expected an object, got ${shown(line)}`);
      return;
    }
    const members = line as Record<string, unknown>;
    text(`${path}.account_id`, members["account_id"], true);
    decimal(`${path}.amount`, members["amount"], true);
    if (!LINE_TYPES.includes(members["type"] as string)) {
      at(`${path}.type`, `expected DEBIT or CREDIT, got ${shown(members["type"])}`);
    }
    for (const optional of ["tax_id", "contact_id", "staff_id", "description"]) {
      text(`${path}.${optional}`, members[optional], false);
    }
  });
  return problems;
}

function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") {
    return typeof value;
  }
  return describeJson(value as JsonValue);
}

function lineJson(line: JournalUpdateLine): ExactJson {
  return {
    account_id: line.account_id,
    amount: JsonDecimal.of(line.amount),
    type: line.type,
    tax_id: line.tax_id,
    contact_id: line.contact_id,
    staff_id: line.staff_id,
    description: line.description,
  };
}

/**
 * The request body of a journal update as JSON text, members in the contract's order and
 * optional members left out when undefined. Amounts and the exchange rate are JSON numbers
 * written digit for digit from their decimal text: `{"amount":10.30}`, never
 * `0.30000000000000004`. Throws a `validation` ApiError (nothing is sent) naming every problem.
 */
export function journalUpdateBody(update: JournalUpdate): string {
  const problems = checkJournalUpdate(update);
  if (problems.length > 0) {
    const listed = problems
      .slice(0, 5)
      .map((problem) => `${problem.field}: ${problem.message}`)
      .join("; ");
    const more = problems.length > 5 ? `; and ${problems.length - 5} more` : "";
    throw new ApiError("validation", `The journal was not sent: ${listed}${more}.`, {
      details: problems,
    });
  }
  return stringifyExact({
    transaction_date: update.transaction_date,
    currency_code: update.currency_code,
    exchange_rate:
      update.exchange_rate === undefined ? undefined : JsonDecimal.of(update.exchange_rate),
    description: update.description,
    lines: update.lines.map(lineJson),
  });
}
