/** Names of each identity's customers, vendors and staff, with stable ids derived from them. */
import type { IdentityName } from "../catalog";
import { randomFor } from "../prng";
import type { ContactRef } from "./types";

interface Directory {
  customers: readonly string[];
  vendors: readonly string[];
  staff: readonly string[];
  banks: readonly string[];
  merchants: readonly string[];
}

const DIRECTORIES: Readonly<Record<IdentityName, Directory>> = {
  "demo-company": {
    customers: [
      "Acme Pty Ltd",
      "Bluebird Bakery",
      "Nordlicht GmbH",
      "Café Olé S.A.",
      "O'Brien & Daughters",
      "Zhang Wei Trading 张伟贸易",
      "Smith-Jones LLP",
      "Grupo Andino S.A.C.",
      "Maple Leaf Supplies",
      "Østergaard ApS",
    ],
    vendors: [
      "City Power & Light",
      "Office Depot Supplies",
      "Stellar Cloud Hosting",
      "Kōji Logistics K.K.",
      "Greenfield Landlords",
      "Pinnacle Insurance",
      "Bright Spark Electrical",
    ],
    staff: ["Maria López", "James Okafor", "Priya Natarajan", "Tomasz Wiśniewski", "Aiko Tanaka"],
    banks: ["First National Bank", "Harbor Credit Union", "Banco Atlântico"],
    merchants: ["Uber", "Delta Air Lines", "Staples", "Joe's Diner", "Hotel Ibis Berlin"],
  },
  "other-company": {
    customers: ["Harbour Freight Co", "Thistle & Rose Ltd", "Penrose Analytics", "Ynys Môn Crafts"],
    vendors: ["Northern Rail", "Quayside Print", "Albion Stationers"],
    staff: ["Fiona MacLeod", "Gareth Jones"],
    banks: ["Highland Savings Bank"],
    merchants: ["Pret A Manger", "Trainline"],
  },
};

function contactOf(identity: IdentityName, kind: string, name: string): ContactRef {
  return { id: randomFor("ledger-sandbox", identity, kind, name).uuid(), name };
}

export function directoryOf(identity: IdentityName): Directory {
  return DIRECTORIES[identity];
}

export function customers(identity: IdentityName): ContactRef[] {
  return DIRECTORIES[identity].customers.map((name) => contactOf(identity, "customer", name));
}

export function vendors(identity: IdentityName): ContactRef[] {
  return DIRECTORIES[identity].vendors.map((name) => contactOf(identity, "vendor", name));
}

export function staff(identity: IdentityName): ContactRef[] {
  return DIRECTORIES[identity].staff.map((name) => contactOf(identity, "staff", name));
}

/** Base (home) currency per identity; most records use it at rate 1.00. */
export const BASE_CURRENCY: Readonly<Record<IdentityName, string>> = {
  "demo-company": "USD",
  "other-company": "GBP",
};

/** Foreign currencies and their (two-decimal) rates against each base currency. */
export const FOREIGN_RATES: Readonly<Record<IdentityName, ReadonlyArray<[string, string]>>> = {
  "demo-company": [
    ["EUR", "1.08"],
    ["GBP", "1.27"],
    ["CAD", "0.74"],
  ],
  "other-company": [
    ["EUR", "0.85"],
    ["USD", "0.79"],
  ],
};
