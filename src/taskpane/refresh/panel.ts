// The Tables view's "Refresh while open" choice: off, or every N minutes with Fetch new or
// Refresh all, saved in the workbook, and the caption under it saying when the next run is or
// why none runs. A view over autoRefreshTimer.ts; the runs are the Tables view's own
// (refreshAllSection.ts), so their lines and messages are the ones a click would show.
import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import {
  AUTO_REFRESH_MINUTES,
  readAutoRefresh,
  saveAutoRefresh,
  type AutoRefreshChoice,
  type AutoRefreshMode,
} from "../../settings/autoRefresh";
import type { DocumentSettingsStore } from "../../settings/stores";
import { autoRefreshCaption, type AutoRefreshOutcome } from "./machine";
import { pageClock, startAutoRefreshTimer, type AutoRefreshClock } from "./autoRefreshTimer";
import { intervalWords, nextRunWhen } from "./text";
import type { MessageArea } from "../shared/messageArea";
import { requireElement } from "../shared/pageElements";
import styles from "./autoRefresh.css";
import { addStylesOnce } from "../shared/pageStyles";

export interface AutoRefreshSectionOptions {
  readonly workbook: DocumentSettingsStore;
  readonly active: ActiveConnectionHolder;
  /** Whether another action runs now. */
  readonly busy: () => boolean;
  /** A run over the connected projects' tables, as the Tables view's buttons run it. */
  readonly run: (mode: AutoRefreshMode) => Promise<AutoRefreshOutcome>;
  readonly messages: MessageArea;
  /** The page's timers when absent. */
  readonly clock?: AutoRefreshClock;
  /** Calls back when the task pane is closed or opened again (Office.addin), where known. */
  readonly watchShown?: (listener: (shown: boolean) => void) => void;
}

export function mountAutoRefreshSection(root: Document, options: AutoRefreshSectionOptions): void {
  addStylesOnce(root, "auto-refresh-styles", styles);
  const every = requireElement(root, "auto-refresh-every", HTMLSelectElement);
  const mode = requireElement(root, "auto-refresh-mode", HTMLSelectElement);
  const caption = requireElement(root, "auto-refresh-status", HTMLElement);
  const clock = options.clock ?? pageClock;
  for (const minutes of AUTO_REFRESH_MINUTES) {
    const option = root.createElement("option");
    option.value = String(minutes);
    option.textContent = intervalWords(minutes).replace(/^every/, "Every");
    every.append(option);
  }

  const timer = startAutoRefreshTimer({
    clock,
    busy: options.busy,
    run: options.run,
    changed: (state) => {
      caption.textContent = autoRefreshCaption(state, clock.now(), nextRunWhen);
      caption.hidden = caption.textContent === "";
    },
  });
  const { active } = options;
  active.subscribe(() => timer.connections(active.all.length > 0));
  timer.connections(active.all.length > 0);
  options.watchShown?.((shown) => timer.shown(shown));

  void readAutoRefresh(options.workbook).then((setting) => {
    if (setting.kind === "on") {
      every.value = String(setting.choice.minutes);
      mode.value = setting.choice.mode;
    }
    timer.setting(setting);
  });

  const chosen = (): AutoRefreshChoice | null =>
    every.value === "off"
      ? null
      : { minutes: Number(every.value), mode: mode.value === "full" ? "full" : "new" };

  const save = async (): Promise<void> => {
    const choice = chosen();
    try {
      await saveAutoRefresh(options.workbook, choice);
    } catch (error) {
      options.messages.show({
        tone: "error",
        text: `The choice could not be saved in this workbook: ${error instanceof Error ? error.message : String(error)}`,
      });
      return;
    }
    timer.setting(choice === null ? { kind: "off" } : { kind: "on", choice });
  };
  every.addEventListener("change", () => void save());
  mode.addEventListener("change", () => void save());
}
