// Helpers for the fake Excel host's tests.
import { FakeExcelHost } from "../../../tools/excel-emulator";

/** The Office-shaped error a promise rejects with; fails when it resolves. */
export async function officeErrorOf(
  promise: Promise<unknown>,
): Promise<{ name: string; code: string; message: string; debugInfo: { errorLocation?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as {
      name: string;
      code: string;
      message: string;
      debugInfo: { errorLocation?: string };
    };
  }
  throw new Error("expected the promise to reject");
}

/** The error a function throws synchronously. */
export function thrownBy(fn: () => unknown): { name: string; code: string; message: string } {
  try {
    fn();
  } catch (error) {
    return error as { name: string; code: string; message: string };
  }
  throw new Error("expected the function to throw");
}

/** A host whose Sheet1 holds `values` from A1 (no sync logged). */
export function hostWith(values?: unknown[][], numberFormat?: string): FakeExcelHost {
  const host = new FakeExcelHost();
  if (values) host.setCells("Sheet1", "A1", values, numberFormat);
  return host;
}

/** Runs one batch that writes `values` to `address` on Sheet1 and returns nothing. */
export function write(
  host: FakeExcelHost,
  address: string,
  values: unknown,
  numberFormat?: unknown,
): Promise<void> {
  return host.run(async (context) => {
    const range = context.workbook.worksheets.getItem("Sheet1").getRange(address);
    if (numberFormat !== undefined) range.numberFormat = numberFormat as string[][];
    range.values = values as unknown[][];
    await context.sync();
  });
}

/** Reads a property of a range in its own batch. */
export function read<K extends "values" | "formulas" | "text" | "numberFormat" | "address">(
  host: FakeExcelHost,
  address: string,
  property: K,
  sheet = "Sheet1",
): Promise<Excel.Range[K]> {
  return host.run(async (context) => {
    const range = context.workbook.worksheets.getItem(sheet).getRange(address);
    range.load(property);
    await context.sync();
    return range[property];
  });
}
