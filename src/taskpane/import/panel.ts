// The import panel: Collection, Import, Cancel, the progress bar, the counts and the status line.
// Glue between the elements (elements.ts), the state machine (machine.ts) and the run
// (importRun.ts), which does the work.

import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import type { DocumentSettingsStore } from "../../settings/stores";
import { COLLECTIONS, type CollectionInfo } from "../../domain/collections";
import type { ImportProgress } from "../../import/importTypes";
import { CollectionPathsSection, mountCollectionPathsSection } from "./collectionPathsSection";
import { ImportEffect, ImportEvent, INITIAL, reduce } from "./machine";
import { importPanelView } from "./view";
import { ImportPanelElements } from "./elements";
import type { ImportRun } from "./importRun";
import { startingProgress } from "./text";
import { type GoToCell, type MessageArea, messageAreaFor } from "../shared/messageArea";
import { mountProjectChoice, ProjectChoice } from "../shared/projectChoice";
import { ThrottledStatus } from "../shared/throttledStatus";
import { mountMachine } from "../shared/mountMachine";

export interface ImportPanelOptions {
  readonly workbook: DocumentSettingsStore;
  readonly active: ActiveConnectionHolder;
  readonly run: ImportRun;
  /** Selects a cell a message names (Go to); absent outside Excel. */
  readonly goTo?: GoToCell;
}

/** The Import tab's one message area (Refresh all writes to it too). */
export const IMPORT_MESSAGES_ID = "import-messages";

export interface ImportPanel {
  /** Puts the keyboard focus on the Collection choice. */
  focus(): void;
  /** The collection's API path as the workbook sets it; throws, saying where, when invalid. */
  pathFor(collection: CollectionInfo): string;
}

/** The message area speaks (aria-live) at most this often while pages arrive. */
const STATUS_INTERVAL_MS = 1_500;

export function mountImportPanel(root: Document, options: ImportPanelOptions): ImportPanel {
  return new ImportPanelController(root, options);
}

class ImportPanelController implements ImportPanel {
  private readonly machine = mountMachine({
    reduce,
    initial: INITIAL,
    render: (state) => this.view.render(importPanelView(state)),
    apply: (effect: ImportEffect) => this.apply(effect),
  });
  private readonly view: ImportPanelElements;
  private readonly status: ThrottledStatus;
  private readonly messages: MessageArea;
  private readonly project: ProjectChoice;
  private readonly paths: CollectionPathsSection;
  private readonly active: ActiveConnectionHolder;
  private readonly run: ImportRun;

  constructor(root: Document, options: ImportPanelOptions) {
    const view = new ImportPanelElements(root);
    this.view = view;
    this.active = options.active;
    this.run = options.run;
    const messages = messageAreaFor(root, IMPORT_MESSAGES_ID, options.goTo);
    this.messages = messages;
    this.status = new ThrottledStatus((message) => messages.say(message), STATUS_INTERVAL_MS);
    this.project = mountProjectChoice(root, view.projectField, view.projectSelect, this.active);
    this.paths = mountCollectionPathsSection(root, options.workbook, (message) =>
      this.dispatch({ type: "pathsAlert", message }),
    );
    view.listCollections(COLLECTIONS);
    // While anything runs (this import or Refresh all) no other can start.
    this.run.subscribe((running) => this.dispatch({ type: "runningChanged", running }));
    // Any connected project: the choice says which one an import is of.
    this.active.subscribe(() => this.dispatchConnected());
    this.dispatchConnected();
    this.dispatch({ type: "runningChanged", running: this.run.runningKind });
    view.bind({
      start: (newOnly) => void this.startImport(newOnly),
      cancel: () => this.cancel(),
      escape: () => {
        if (!this.run.running) return false;
        this.cancel();
        return true;
      },
    });
  }

  private dispatchConnected(): void {
    this.dispatch({ type: "connectionChanged", connected: this.active.all.length > 0 });
  }

  private dispatch(event: ImportEvent): void {
    this.machine.dispatch(event);
  }

  private apply(effect: ImportEffect): void {
    if (effect.kind === "cancelRun") this.run.cancel();
    else if (effect.kind === "show") {
      // Drops a progress sentence still waiting for its turn, then shows the outcome.
      this.status.sayNow(effect.message.text);
      this.messages.show(effect.message);
    } else if (effect.now) this.status.sayNow(effect.text);
    else this.status.saySoon(effect.text);
  }

  private cancel(): void {
    this.dispatch({ type: "cancelAsked", accepted: this.run.cancel() });
  }

  private async startImport(newOnly: boolean): Promise<void> {
    const info = COLLECTIONS.find((candidate) => candidate.id === this.view.collectionId);
    if (info === undefined || this.run.running) return;
    const connection = this.project.connection();
    if (connection === undefined) {
      const project = this.project.selected() ?? this.active.defaultLabel;
      this.dispatch({
        type: "refused",
        refusal: { reason: "notConnected", ...(project === undefined ? {} : { project }) },
      });
      return;
    }
    const tableProject = this.active.tableProject(connection.project);
    const path = this.paths.pathFor(info);
    if (!path.ok) {
      this.dispatch({ type: "refused", refusal: { reason: "badPath", collection: info.label } });
      return;
    }
    const focusToCancel = this.view.focusIsOnStart(newOnly);
    let last: ImportProgress = startingProgress(info.label);
    this.dispatch({ type: "started", progress: last });
    const ending = this.run.start({
      collection: info,
      newOnly,
      api: connection.api,
      ...(tableProject === undefined ? {} : { project: tableProject }),
      ...(info.id === "payments" ? {} : { path: path.path }),
      onProgress: (progress) => {
        last = progress;
        this.dispatch({ type: "progressed", progress });
      },
    });
    // The run has begun (Cancel is shown) once start() returns its promise.
    if (focusToCancel) this.view.focusCancel();
    const end = await ending;
    const focusBack = this.view.focusIsOnCancel();
    this.dispatch({ type: "ended", end, last });
    if (focusBack) this.view.focusStart(newOnly);
  }

  focus(): void {
    this.view.focusCollection();
  }

  pathFor(info: CollectionInfo): string {
    const path = this.paths.pathFor(info);
    if (!path.ok) {
      throw new Error(`Correct the ${info.label} path under Collection paths, then try again.`);
    }
    return path.path;
  }
}
