// The one door to Excel: code that touches the workbook receives an ExcelRun, which is Excel.run
// in the add-in and the in-memory fake host in tests and the preview page.

/** Runs a batch of workbook operations in a request context, like `Excel.run`. */
export type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** Excel.run's form that takes options (`Excel.run(options, batch)`). */
export type ExcelRunWithOptions = <T>(
  options: Excel.RunOptions,
  batch: (context: Excel.RequestContext) => Promise<T>,
) => Promise<T>;

/**
 * The add-in's ExcelRun over Excel.run. People type while an import or a refresh runs: by
 * default Excel refuses a batch that arrives while a cell is being edited
 * (InvalidOperationInCellEditMode), which would stop a long import part-way. With
 * `delayForCellEdit` Excel holds the batch until the edit ends (Excel.RunOptions). `session`:
 * where the requests go, for the emulator's RequestContext address; Excel needs none.
 */
export function excelRunOf(
  run: ExcelRunWithOptions,
  session?: string | OfficeExtension.RequestUrlAndHeaderInfo,
): ExcelRun {
  const options: Excel.RunOptions = {
    delayForCellEdit: true,
    ...(session === undefined ? {} : { session }),
  };
  return (batch) => run(options, batch);
}
