// The grid view's stylesheet (kept in TypeScript so Node tests can import the view's module).
export const GRID_VIEW_CSS = `
.fx-grid { display: flex; flex-direction: column; height: 100%; min-height: 200px;
  font: 13px/1.2 "Segoe UI", Calibri, Arial, sans-serif; color: #1f1f1f; background: #fff;
  border: 1px solid #c8c8c8; box-sizing: border-box; }
.fx-formula-bar { display: flex; gap: 4px; align-items: center; padding: 3px 4px; flex: 0 0 auto;
  background: #fafafa; border-bottom: 1px solid #c8c8c8; }
.fx-formula-bar input { font: inherit; height: 22px; box-sizing: border-box; border: 1px solid #c8c8c8;
  padding: 0 4px; color: #1f1f1f; background: #fff; }
.fx-name-box { width: 72px; flex: 0 0 auto; }
.fx-fx { color: #555; font-style: italic; padding: 0 4px; }
.fx-formula { flex: 1 1 auto; min-width: 0; }
.fx-body { flex: 1 1 auto; overflow: auto; position: relative; }
.fx-table:focus { outline: none; }
.fx-table:focus .fx-active, .fx-active { outline: 2px solid #217346; outline-offset: -2px; }
.fx-cell-editor { position: absolute; z-index: 4; height: 20px; box-sizing: border-box; margin: 0;
  padding: 0 3px; font: inherit; border: 2px solid #217346; background: #fff; color: #1f1f1f; }
.fx-message { margin: 0; padding: 2px 6px; min-height: 1.2em; font-size: 12px; color: #a4262c;
  flex: 0 0 auto; }
.fx-message:empty { display: none; }
.fx-hidden-label { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.fx-table { border-collapse: separate; border-spacing: 0; table-layout: fixed; }
.fx-table th, .fx-table td { height: 20px; max-height: 20px; padding: 0 4px; box-sizing: border-box;
  border-right: 1px solid #e1e1e1; border-bottom: 1px solid #e1e1e1; overflow: hidden;
  white-space: nowrap; text-overflow: clip; }
.fx-table thead th { position: sticky; top: 0; z-index: 2; background: #f3f3f3; color: #444;
  font-weight: normal; text-align: center; border-bottom-color: #c8c8c8; }
.fx-table th.fx-row-number { position: sticky; left: 0; z-index: 1; background: #f3f3f3;
  color: #444; font-weight: normal; text-align: center; border-right-color: #c8c8c8; }
.fx-table thead th.fx-corner { left: 0; z-index: 3; }
.fx-cell.fx-number { text-align: right; }
.fx-cell.fx-text { text-align: left; }
.fx-cell.fx-logical, .fx-cell.fx-error { text-align: center; }
.fx-cell.fx-bold { font-weight: 600; }
.fx-cell.fx-table-header { background: #4472c4; color: #fff; font-weight: 600; }
.fx-cell.fx-table-band { background: #d9e1f2; }
.fx-frozen-edge { border-bottom: 2px solid #a0a0a0 !important; }
.fx-spacer td { padding: 0; border: 0; height: auto; max-height: none; }
.fx-tabs { display: flex; gap: 2px; padding: 2px 4px; background: #f3f3f3; border-top: 1px solid #c8c8c8;
  overflow-x: auto; flex: 0 0 auto; }
.fx-tab { border: 1px solid transparent; background: transparent; padding: 3px 12px; font: inherit;
  color: #444; cursor: pointer; border-radius: 0 0 4px 4px; }
.fx-tab[aria-selected="true"] { background: #fff; color: #217346; font-weight: 600;
  border-color: #c8c8c8; border-top-color: #fff; }
.fx-tab:focus-visible { outline: 2px solid #217346; outline-offset: -2px; }
.fx-status { flex: 0 0 auto; padding: 2px 6px; font-size: 11px; color: #666; background: #fafafa;
  border-top: 1px solid #e1e1e1; }
`;
