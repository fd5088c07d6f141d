/** Each identity's chart of accounts; journal lines must name one of these account ids. */
import type { IdentityName } from "../catalog";
import { randomFor } from "../prng";

export interface LedgerAccount {
  id: string;
  code: string;
  name: string;
}

function chart(identity: IdentityName, entries: ReadonlyArray<[string, string]>): LedgerAccount[] {
  return entries.map(([code, name]) => ({
    id: randomFor("ledger-sandbox", "account", identity, code).uuid(),
    code,
    name,
  }));
}

export const CHARTS_OF_ACCOUNTS: Readonly<Record<IdentityName, readonly LedgerAccount[]>> = {
  "demo-company": chart("demo-company", [
    ["0150", "Petty Cash"],
    ["1000", "Cash at Bank"],
    ["1100", "Accounts Receivable"],
    ["1200", "Inventory"],
    ["1500", "Office Equipment"],
    ["2000", "Accounts Payable"],
    ["2100", "Sales Tax Payable"],
    ["2200", "Accrued Liabilities"],
    ["3000", "Owner's Equity"],
    ["4000", "Sales Revenue"],
    ["4100", "Consulting Income"],
    ["5000", "Cost of Goods Sold"],
    ["6000", "Rent Expense"],
    ["6100", "Wages & Salaries"],
    ["6200", "Travel – Café & Meals"],
    ["6300", "Bank Fees"],
  ]),
  "other-company": chart("other-company", [
    ["100", "Bank Current Account"],
    ["110", "Trade Debtors"],
    ["200", "Trade Creditors"],
    ["210", "VAT Control"],
    ["300", "Share Capital"],
    ["400", "Sales"],
    ["500", "Purchases"],
    ["600", "Wages"],
    ["610", "Rent & Rates"],
  ]),
};

export function accountByCode(identity: IdentityName, code: string): LedgerAccount {
  const account = CHARTS_OF_ACCOUNTS[identity].find((candidate) => candidate.code === code);
  if (!account) throw new Error(`No account ${code} in ${identity}'s chart`);
  return account;
}

export function accountById(identity: IdentityName, id: string): LedgerAccount | undefined {
  return CHARTS_OF_ACCOUNTS[identity].find((candidate) => candidate.id === id);
}
