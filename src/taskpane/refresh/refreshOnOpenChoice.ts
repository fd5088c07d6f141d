// The choice for when the workbook opens (nothing, new records, refresh all): shown as saved,
// saved on change, and Office told to load the add-in with the workbook only while it is on.
import {
  readRefreshOnOpen,
  refreshOnOpenOf,
  saveRefreshOnOpen,
} from "../../settings/refreshOnOpen";
import type { DocumentSettingsStore } from "../../settings/stores";
import type { MessageArea } from "../shared/messageArea";
import { requireElement } from "../shared/pageElements";
import { onOpenSaved, choiceNotSaved } from "./text";

export interface RefreshOnOpenChoiceOptions {
  readonly workbook: DocumentSettingsStore;
  /** Tells Office to load the add-in with the workbook, or not; absent outside Excel. */
  readonly setLoadOnOpen?: (load: boolean) => Promise<void>;
  readonly messages: MessageArea;
}

export function mountRefreshOnOpenChoice(
  root: Document,
  options: RefreshOnOpenChoiceOptions,
): void {
  const onOpen = requireElement(root, "refresh-on-open", HTMLSelectElement);
  void readRefreshOnOpen(options.workbook).then((choice) => {
    onOpen.value = choice;
  });
  onOpen.addEventListener("change", () => {
    const choice = refreshOnOpenOf(onOpen.value);
    void (async () => {
      try {
        await saveRefreshOnOpen(options.workbook, choice);
        await options.setLoadOnOpen?.(choice !== "off");
        options.messages.show({ tone: "success", text: onOpenSaved(choice) });
      } catch (error) {
        options.messages.show({ tone: "error", text: choiceNotSaved(error) });
      }
    })();
  });
}
