// The base of collection proxies (worksheets, tables, columns, rows, settings): `items` must be
// loaded like any property, and loading the collection with property names loads its items.
import { propertyNotLoaded } from "../errors";
import { FakeClientObject } from "./clientObject";
import type { LoadTree, LoadableObject } from "./clientObject";
import type { SyncScope } from "./context";

/** An item proxy: loadable and bindable to its model. */
export interface CollectionItem<TModel> extends LoadableObject {
  _bind(model: TModel): void;
  toJSON(): Record<string, unknown>;
}

export abstract class FakeCollection<
  TContainer,
  TModel,
  TItem extends CollectionItem<TModel>,
  /** The Office.js type of the items, e.g. Excel.Worksheet. */
  TPublic,
> extends FakeClientObject<TContainer> {
  private loadedItems: TItem[] | undefined;

  /** The models in the collection now, in order. */
  protected abstract list(container: TContainer): TModel[];
  /** A proxy bound to a model. */
  protected abstract makeItem(model: TModel): TItem;

  /** The loaded items; PropertyNotLoaded until the collection was loaded and synced. */
  get items(): TPublic[] {
    if (this.loadedItems === undefined) {
      throw propertyNotLoaded("items", `${this.typeName}.items`);
    }
    return this.loadedItems as unknown as TPublic[];
  }

  override _checkTree(_tree: LoadTree): void {
    // Item properties are checked when the load runs (the items do not exist yet).
  }

  override _loadNow(scope: SyncScope, tree: LoadTree): void {
    scope.beforeRead();
    const container = this._target(`${this.typeName}.load`);
    const { own, itemTree, wantsItems } = this.splitTree(tree);
    if (own.all || own.properties.size > 0) super._loadNow(scope, own);
    if (!wantsItems) return;
    const items = this.list(container).map((model) => {
      const item = this.makeItem(model);
      item._bind(model);
      return item;
    });
    for (const item of items) item._loadNow(scope, itemTree);
    scope.deliver(0, () => (this.loadedItems = items));
  }

  /** Splits a load of the collection into its own properties and its items' properties. */
  private splitTree(tree: LoadTree): { own: LoadTree; itemTree: LoadTree; wantsItems: boolean } {
    const own: LoadTree = { all: false, properties: new Set(), children: new Map() };
    const itemTree: LoadTree = { all: tree.all, properties: new Set(), children: new Map() };
    let wantsItems = tree.all;
    for (const name of tree.properties) {
      if (name === "items") wantsItems = true;
      else if (name in this.loadable) own.properties.add(name);
      else {
        itemTree.properties.add(name);
        wantsItems = true;
      }
    }
    for (const [name, child] of tree.children) {
      wantsItems = true;
      if (name === "items") {
        if (child.all) itemTree.all = true;
        child.properties.forEach((p) => itemTree.properties.add(p));
        child.children.forEach((c, n) => itemTree.children.set(n, c));
      } else itemTree.children.set(name, child);
    }
    if (!itemTree.all && itemTree.properties.size === 0 && itemTree.children.size === 0) {
      itemTree.all = true;
    }
    if (tree.all) own.all = true;
    return { own, itemTree, wantsItems };
  }

  /** @internal The collection's loaded properties and, when items were asked for, theirs. */
  override _loadedJSON(tree: LoadTree): Record<string, unknown> | null {
    const { own, itemTree, wantsItems } = this.splitTree(tree);
    const json = own.all || own.properties.size > 0 ? (super._loadedJSON(own) ?? {}) : {};
    if (!wantsItems || this.loadedItems === undefined) return json;
    const items = this.loadedItems as unknown as {
      _loadedJSON(tree: LoadTree): Record<string, unknown> | null;
    }[];
    return { ...json, items: items.map((item) => item._loadedJSON(itemTree)) };
  }

  override toJSON(): Record<string, unknown> {
    const json = super.toJSON();
    return this.loadedItems ? { ...json, items: this.loadedItems.map((i) => i.toJSON()) } : json;
  }
}
