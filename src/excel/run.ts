// The one door to Excel: code that touches the workbook receives an ExcelRun, which is Excel.run
// in the add-in and the in-memory fake host in tests and the preview page.

/** Runs a batch of workbook operations in a request context, like `Excel.run`. */
export type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
