// The minor units of ISO 4217's active currency codes: how many decimals an amount in each has.
//
// Source: ISO 4217 "List one: Currency, fund and precious metal codes", maintained for ISO by
// SIX Financial Information (www.six-group.com, data center, ISO currency, list-one.xml), in the
// edition published 2026-01-01: after the amendments that replaced ANG by XCG (Caribbean
// guilder), ZWL by ZWG (Zimbabwe Gold) and BGN by EUR, withdrew CUC, and added XAD (Arab
// Accounting Dinar). The codes whose minor unit the list gives as "N.A." (XAU, XAG, XPD, XPT,
// XBA, XBB, XBC, XBD, XDR, XSU, XUA, XTS, XXX) are left out: they are no currency an amount is
// kept in.
//
// A table of our own rather than the platform's Intl data: browsers and Node give the decimals
// a currency is usually displayed with (HUF, IDR, COP, PKR 0, IQD 0, and RSD differs between
// them), not ISO's, and an amount stored as HUF 1234.56 must not be read as 1,235.

/** Active codes by minor units: each code appears once. */
const CODES_BY_MINOR_UNITS: Readonly<Record<number, string>> = {
  0: "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF",
  2:
    "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
    "CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP " +
    "GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK " +
    "LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO " +
    "NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS " +
    "SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST " +
    "XAD XCD XCG YER ZAR ZMW ZWG",
  3: "BHD IQD JOD KWD LYD OMR TND",
  4: "CLF UYW",
};

/** The minor units of every active ISO 4217 code, by code. */
export const ISO_4217_MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  Object.entries(CODES_BY_MINOR_UNITS).flatMap(([places, codes]) =>
    codes.split(" ").map((code) => [code, Number(places)] as const),
  ),
);
