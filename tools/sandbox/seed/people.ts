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
  return Object.freeze({ id: randomFor("ledger-sandbox", identity, kind, name).uuid(), name });
}

/**
 * The contacts of one kind, worked out once: every generated record picks from them, and
 * hashing each name again for every record was most of the cost of serving a page.
 */
const contactLists = new Map<string, readonly ContactRef[]>();

function contactsOf(
  identity: IdentityName,
  kind: "customer" | "vendor" | "staff",
  names: readonly string[],
): readonly ContactRef[] {
  const key = `${identity}\u001f${kind}`;
  let contacts = contactLists.get(key);
  if (contacts === undefined) {
    contacts = Object.freeze(names.map((name) => contactOf(identity, kind, name)));
    contactLists.set(key, contacts);
  }
  return contacts;
}

export function directoryOf(identity: IdentityName): Directory {
  return DIRECTORIES[identity];
}

export function customers(identity: IdentityName): readonly ContactRef[] {
  return contactsOf(identity, "customer", DIRECTORIES[identity].customers);
}

export function vendors(identity: IdentityName): readonly ContactRef[] {
  return contactsOf(identity, "vendor", DIRECTORIES[identity].vendors);
}

export function staff(identity: IdentityName): readonly ContactRef[] {
  return contactsOf(identity, "staff", DIRECTORIES[identity].staff);
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
