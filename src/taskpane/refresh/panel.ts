// The refresh panel, under the Tables view: what runs when the workbook opens
// (refreshOnOpenChoice.ts), and "Refresh while open": off, or every N minutes with Fetch new or
// Refresh all, saved in the workbook, and the caption under it saying when the next run is or
// why none runs. Wires the timer (autoRefreshTimer.ts, which runs machine.ts) to the elements
// (elements.ts); the runs are the Tables view's own (tables/panel.ts), so their lines and
// messages are the ones a click would show.
import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import { readAutoRefresh, saveAutoRefresh, type AutoRefreshMode } from "../../settings/autoRefresh";
import type { DocumentSettingsStore } from "../../settings/stores";
import type { AutoRefreshOutcome } from "./machine";
import { autoRefreshCaption } from "./view";
import { autoRefreshElements } from "./elements";
import { pageClock, startAutoRefreshTimer, type AutoRefreshClock } from "./autoRefreshTimer";
import { choiceNotSaved, nextRunWhen } from "./text";
import { mountRefreshOnOpenChoice } from "./refreshOnOpenChoice";
import type { MessageArea } from "../shared/messageArea";
import styles from "./autoRefresh.css";
import { addStylesOnce } from "../shared/pageStyles";

export interface RefreshPanelOptions {
  readonly workbook: DocumentSettingsStore;
  readonly active: ActiveConnectionHolder;
  /** Whether another action runs now. */
  readonly busy: () => boolean;
  /** A run over the connected projects' tables, as the Tables view's buttons run it. */
  readonly run: (mode: AutoRefreshMode) => Promise<AutoRefreshOutcome>;
  readonly messages: MessageArea;
  /** The page's timers when absent. */
  readonly clock?: AutoRefreshClock;
  /** Tells Office to load the add-in with the workbook, or not; absent outside Excel. */
  readonly setLoadOnOpen?: (load: boolean) => Promise<void>;
  /** Calls back when the task pane is closed or opened again (Office.addin), where known. */
  readonly watchShown?: (listener: (shown: boolean) => void) => void;
}

export function mountRefreshPanel(root: Document, options: RefreshPanelOptions): void {
  addStylesOnce(root, "auto-refresh-styles", styles);
  mountRefreshOnOpenChoice(root, options);
  const elements = autoRefreshElements(root);
  const clock = options.clock ?? pageClock;

  const timer = startAutoRefreshTimer({
    clock,
    busy: options.busy,
    run: options.run,
    changed: (state) => elements.caption(autoRefreshCaption(state, clock.now(), nextRunWhen)),
  });
  const { active } = options;
  active.subscribe(() => timer.connections(active.all.length > 0));
  timer.connections(active.all.length > 0);
  options.watchShown?.((shown) => timer.shown(shown));

  void readAutoRefresh(options.workbook).then((setting) => {
    elements.show(setting);
    timer.setting(setting);
  });

  const save = async (): Promise<void> => {
    const choice = elements.chosen();
    try {
      await saveAutoRefresh(options.workbook, choice);
    } catch (error) {
      options.messages.show({ tone: "error", text: choiceNotSaved(error) });
      return;
    }
    timer.setting(choice === null ? { kind: "off" } : { kind: "on", choice });
  };
  elements.onChange(() => void save());
}
