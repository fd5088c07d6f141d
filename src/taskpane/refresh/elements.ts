// The automatic refresh's elements: the interval and mode choices and the caption under them.
// Finds them, fills the intervals, reads and shows the choice, writes the caption.
import {
  AUTO_REFRESH_MINUTES,
  type AutoRefreshChoice,
  type AutoRefreshSetting,
} from "../../settings/autoRefresh";
import { requireElement } from "../shared/pageElements";
import { intervalWords } from "./text";

export interface AutoRefreshElements {
  /** The choice as the user left it; null: off. */
  chosen(): AutoRefreshChoice | null;
  /** Shows the workbook's saved choice. */
  show(setting: AutoRefreshSetting): void;
  /** The caption under the choice; hidden when empty. */
  caption(text: string): void;
  /** Calls `changed` when the user changes the interval or the mode. */
  onChange(changed: () => void): void;
}

export function autoRefreshElements(root: Document): AutoRefreshElements {
  const every = requireElement(root, "auto-refresh-every", HTMLSelectElement);
  const mode = requireElement(root, "auto-refresh-mode", HTMLSelectElement);
  const caption = requireElement(root, "auto-refresh-status", HTMLElement);
  for (const minutes of AUTO_REFRESH_MINUTES) {
    const option = root.createElement("option");
    option.value = String(minutes);
    option.textContent = intervalWords(minutes).replace(/^every/, "Every");
    every.append(option);
  }
  return {
    chosen: () =>
      every.value === "off"
        ? null
        : { minutes: Number(every.value), mode: mode.value === "full" ? "full" : "new" },
    show: (setting) => {
      if (setting.kind !== "on") return;
      every.value = String(setting.choice.minutes);
      mode.value = setting.choice.mode;
    },
    caption: (text) => {
      caption.textContent = text;
      caption.hidden = text === "";
    },
    onChange: (changed) => {
      every.addEventListener("change", changed);
      mode.addEventListener("change", changed);
    },
  };
}
