// The "Collection paths" section: one field per cursor collection, checked as typed and kept in
// the workbook's settings.

import {
  CURSOR_COLLECTIONS,
  type CollectionId,
  type CollectionInfo,
} from "../../domain/collections";
import {
  checkPathInput,
  CollectionPaths,
  defaultCollectionPaths,
  loadCollectionPaths,
  PathCheck,
  saveCollectionPaths,
} from "../../settings/collectionPaths";
import type { DocumentSettingsStore } from "../../settings/stores";
import { markInvalid, requireElement, setShown } from "../shared/pageElements";

export interface CollectionPathsSection {
  /**
   * The path to import `collection` from, checked from its field as it is now; an invalid one
   * opens the section, focuses the field and returns the problem.
   */
  pathFor(collection: CollectionInfo): PathCheck;
}

/** `path-invoices`: the id of a collection's path field. */
function pathFieldId(id: CollectionId): string {
  return `path-${id}`;
}

export function mountCollectionPathsSection(
  root: Document,
  workbook: DocumentSettingsStore,
  onSaveProblem: (message: string) => void,
): CollectionPathsSection {
  const details = requireElement(root, "collection-paths", HTMLDetailsElement);
  const list = requireElement(root, "collection-paths-fields", HTMLElement);
  let paths: CollectionPaths = defaultCollectionPaths();
  const fields = new Map<CollectionId, { input: HTMLInputElement; error: HTMLElement }>();

  for (const collection of CURSOR_COLLECTIONS) {
    const id = pathFieldId(collection.id);
    const wrapper = root.createElement("div");
    wrapper.className = "field";
    const label = root.createElement("label");
    label.htmlFor = id;
    label.textContent = `${collection.label} path`;
    const input = root.createElement("input");
    input.id = id;
    input.type = "text";
    input.value = paths[collection.id];
    input.placeholder = collection.defaultPath;
    input.spellcheck = false;
    input.autocomplete = "off";
    input.setAttribute("autocapitalize", "off");
    const error = root.createElement("p");
    error.id = `${id}-error`;
    error.className = "field-error";
    error.hidden = true;
    wrapper.append(label, input, error);
    list.append(wrapper);
    fields.set(collection.id, { input, error });

    input.addEventListener("change", () => {
      const check = show(collection);
      if (!check.ok || check.path === paths[collection.id]) return;
      input.value = check.path;
      paths = { ...paths, [collection.id]: check.path };
      save().catch((problem: unknown) => {
        onSaveProblem(
          problem instanceof Error
            ? problem.message
            : "The collection paths could not be saved in the workbook.",
        );
      });
    });
  }

  // The saved paths arrive from the workbook a moment later; a field typed in meanwhile keeps
  // what was typed (its change event saves it).
  const typed = new Set<CollectionId>();
  for (const [id, field] of fields) field.input.addEventListener("input", () => typed.add(id));
  const loaded = loadCollectionPaths(workbook).then(
    (saved) => {
      const next: Record<CollectionId, string> = { ...saved };
      for (const collection of CURSOR_COLLECTIONS) {
        const field = fields.get(collection.id);
        if (field === undefined) continue;
        if (typed.has(collection.id)) next[collection.id] = paths[collection.id];
        else field.input.value = saved[collection.id];
      }
      paths = next;
    },
    () => onSaveProblem("The collection paths could not be read from the workbook."),
  );

  /** Saves once the saved paths are in, so an early change cannot write defaults over them. */
  function save(): Promise<void> {
    return loaded.then(() => saveCollectionPaths(workbook, paths));
  }

  /** Checks a field and shows its problem (or clears it). */
  function show(collection: CollectionInfo): PathCheck {
    const field = fields.get(collection.id);
    if (field === undefined) return { ok: true, path: collection.defaultPath };
    const check = checkPathInput(field.input.value, collection);
    field.error.textContent = check.ok ? "" : check.message;
    setShown(field.error, !check.ok);
    markInvalid(field.input, check.ok ? undefined : field.error.id);
    return check;
  }

  return {
    pathFor(collection: CollectionInfo): PathCheck {
      const field = fields.get(collection.id);
      if (field === undefined) return { ok: true, path: collection.defaultPath };
      const check = show(collection);
      if (!check.ok) {
        details.open = true;
        field.input.focus();
      }
      return check;
    },
  };
}
