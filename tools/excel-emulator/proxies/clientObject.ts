// The base of every proxy object: properties that must be loaded and synced before they are read
// (PropertyNotLoaded otherwise), property sets and method calls queued until sync, and null
// objects from the *OrNullObject methods.
import { notImplemented, officeError, propertyNotLoaded } from "../errors";
import { jsonBytes } from "./context";
import type { FakeRequestContext, SyncScope } from "./context";

/** What a load() asks for: scalar properties, and navigation properties with their own tree. */
export interface LoadTree {
  all: boolean;
  readonly properties: Set<string>;
  readonly children: Map<string, LoadTree>;
}

function emptyTree(): LoadTree {
  return { all: false, properties: new Set(), children: new Map() };
}

function addPath(tree: LoadTree, path: string): void {
  const [head = "", ...rest] = path.split("/").map((p) => p.trim());
  if (head === "") return;
  if (rest.length === 0) {
    tree.properties.add(head);
    return;
  }
  let child = tree.children.get(head);
  if (!child) {
    child = emptyTree();
    tree.children.set(head, child);
  }
  addPath(child, rest.join("/"));
}

/** Reads the forms load() accepts: "a, b/c", ["a", "b"], {select, expand}, {a: true, b: {...}}. */
/**
 * @internal Object values of scalar properties (a Setting's value) in `_loadedJSON`: a response
 * carries them as they are, where navigation properties' answers get Excel's PascalCase names.
 */
export const propertyValues = new WeakSet<object>();

function isPlainObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseLoadOption(option: unknown): LoadTree {
  const tree = emptyTree();
  const addList = (value: unknown) => {
    const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
    for (const item of list) if (typeof item === "string") addPath(tree, item);
  };
  if (option === undefined || option === null) {
    tree.all = true;
  } else if (typeof option === "string" || Array.isArray(option)) {
    addList(option);
  } else if (typeof option === "object") {
    const record = option as Record<string, unknown>;
    if ("select" in record || "expand" in record) {
      addList(record.select);
      if (record.select === undefined) tree.all = true;
      const expand = record.expand;
      const expanded = Array.isArray(expand)
        ? expand
        : typeof expand === "string"
          ? expand.split(",")
          : [];
      for (const name of expanded) {
        if (typeof name === "string" && name.trim() !== "") {
          const child = emptyTree();
          child.all = true;
          tree.children.set(name.trim(), child);
        }
      }
    } else {
      addObject(tree, record);
    }
  }
  if (!tree.all && tree.properties.size === 0 && tree.children.size === 0) tree.all = true;
  return tree;
}

function addObject(tree: LoadTree, record: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(record)) {
    if (key === "$all") {
      if (value === true) tree.all = true;
    } else if (key.startsWith("$")) {
      continue; // $top, $skip: paging options the fake does not need
    } else if (value === true) {
      tree.properties.add(key);
    } else if (value && typeof value === "object") {
      const child = emptyTree();
      addObject(child, value as Record<string, unknown>);
      if (child.properties.size === 0 && child.children.size === 0) child.all = true;
      tree.children.set(key, child);
    }
  }
}

/** What a navigation property offers to a load of its parent. */
export interface LoadableObject {
  _loadNow(scope: SyncScope, tree: LoadTree): void;
  _checkTree(tree: LoadTree): void;
}

/** Reads a property of the located object when a load runs. */
export type PropertyReader<T> = (target: T, scope: SyncScope) => unknown;

export abstract class FakeClientObject<T> implements LoadableObject {
  /** The Office.js type name, e.g. "Range", used in errors and in the request log. */
  protected abstract readonly typeName: string;
  /** Scalar properties load() can fetch. */
  protected abstract readonly loadable: Readonly<Record<string, PropertyReader<T>>>;
  private readonly loadedFields = new Map<string, unknown>();
  private nullState: boolean | undefined;
  private located: T | undefined;

  constructor(
    /** @internal */ readonly _context: FakeRequestContext,
    private readonly locator: () => T | undefined,
    /** True for objects from *OrNullObject methods: their existence is reported at sync. */
    private readonly orNull = false,
  ) {
    if (orNull) {
      const typeName = () => this.typeName;
      _context.enqueue({
        // Read when the request is logged, once the subclass has set its type name.
        get name() {
          return `${typeName()}.isNullObject`;
        },
        requestBytes: 0,
        run: (scope) => {
          const isNull = this._tryLocate() === undefined;
          scope.deliver(0, () => (this.nullState = isNull));
        },
      });
    }
  }

  get context(): Excel.RequestContext {
    return this._context as unknown as Excel.RequestContext;
  }

  /** True when an *OrNullObject method found nothing. Readable after the next sync. */
  get isNullObject(): boolean {
    if (this.nullState === undefined) {
      throw propertyNotLoaded("isNullObject", `${this.typeName}.isNullObject`);
    }
    return this.nullState;
  }

  /** Navigation properties load() can follow (format, worksheet, ...). */
  protected navigation(): Record<string, LoadableObject | undefined> {
    return {};
  }

  /** True when a located object has since been deleted. */
  protected isGone(_target: T): boolean {
    return false;
  }

  /** @internal The object in the workbook, or undefined when it does not exist. */
  _tryLocate(): T | undefined {
    if (this.located !== undefined && !this.isGone(this.located)) return this.located;
    if (this.located !== undefined) return undefined;
    const found = this.locator();
    if (found !== undefined && !this.isGone(found)) this.located = found;
    return this.located;
  }

  /** @internal The object in the workbook; ItemNotFound when it does not exist. */
  _target(errorLocation: string): T {
    const found = this._tryLocate();
    if (found === undefined) {
      throw officeError(
        "ItemNotFound",
        this.orNull
          ? `This ${this.typeName} is a null object: check isNullObject before using it.`
          : `The ${this.typeName} does not exist.`,
        errorLocation,
      );
    }
    return found;
  }

  /** Reads a loaded property; PropertyNotLoaded unless it was loaded and synced (or set). */
  protected field<V>(name: string): V {
    if (this.nullState === true) return undefined as V;
    if (!this.loadedFields.has(name)) throw propertyNotLoaded(name, `${this.typeName}.${name}`);
    return this.loadedFields.get(name) as V;
  }

  /** Sets a property: kept locally (as Office.js does) and queued for the next sync. */
  protected queueSet(
    property: string,
    value: unknown,
    apply: (target: T, scope: SyncScope) => void,
  ): void {
    this.loadedFields.set(property, value);
    this.queueCall(property, value, apply);
  }

  /** Queues a method call (or property set) for the next sync. */
  protected queueCall(
    member: string,
    args: unknown,
    apply: (target: T, scope: SyncScope) => void,
    name = `${this.typeName}.${member}`,
  ): void {
    this._context.enqueue({
      name,
      // Estimated only when asked: requests through office.js are measured on its real bytes.
      get requestBytes() {
        return jsonBytes(args ?? null);
      },
      run: (scope) => apply(this._target(name), scope),
    });
  }

  /** Queues a command that does not need the object to exist yet (e.g. creating it). */
  protected queueRaw(member: string, args: unknown, run: (scope: SyncScope) => void): void {
    this._context.enqueue({
      name: `${this.typeName}.${member}`,
      get requestBytes() {
        return jsonBytes(args ?? null);
      },
      run,
    });
  }

  /** @internal Binds the proxy to an object the host has just created. */
  _bind(target: T): void {
    this.located = target;
  }

  /** Queues a read of properties, delivered at the next sync. */
  load(option?: unknown): this {
    const tree = parseLoadOption(option);
    this._checkTree(tree);
    this._context.enqueue({
      name: `${this.typeName}.load`,
      get requestBytes() {
        return jsonBytes(option ?? null);
      },
      run: (scope) => this._loadNow(scope, tree),
    });
    return this;
  }

  /** Refuses names the fake does not know, at load() time, so a missing member is obvious. */
  _checkTree(tree: LoadTree): void {
    for (const name of tree.properties) {
      if (!(name in this.loadable) && !(name in this.navigation())) {
        throw notImplemented(`${this.typeName}.${name}`);
      }
    }
    for (const [name, child] of tree.children) {
      const nav = this.navigation()[name];
      if (!nav) throw notImplemented(`${this.typeName}.${name}`);
      nav._checkTree(child);
    }
  }

  /** @internal Runs a load inside a sync. */
  _loadNow(scope: SyncScope, tree: LoadTree): void {
    scope.beforeRead();
    const target = this._tryLocate();
    if (target === undefined) {
      if (!this.orNull) this._target(`${this.typeName}.load`);
      scope.deliver(0, () => (this.nullState = true));
      return;
    }
    const names = tree.all ? Object.keys(this.loadable) : [...tree.properties];
    const loaded: Record<string, unknown> = {};
    for (const name of names) {
      const reader = this.loadable[name];
      if (reader) loaded[name] = reader(target, scope);
      else if (this.navigation()[name]) {
        if (!tree.children.has(name)) {
          tree.children.set(name, { all: true, properties: new Set(), children: new Map() });
        }
      } else throw notImplemented(`${this.typeName}.${name}`);
    }
    scope.deliver(jsonBytes(loaded), () => {
      for (const [name, value] of Object.entries(loaded)) this.loadedFields.set(name, value);
      this.nullState = false;
    });
    for (const [name, child] of tree.children) this.navigation()[name]?._loadNow(scope, child);
  }

  /** @internal True for objects from *OrNullObject methods. */
  get _isOrNull(): boolean {
    return this.orNull;
  }

  /** @internal The Office.js type name ("Range", "TableCollection", ...). */
  get _typeName(): string {
    return this.typeName;
  }

  /**
   * @internal What a synced load of `tree` delivered, as a response carries it: the asked-for
   * scalar properties and the navigation properties' own answers (null for a null object).
   * The Office.js executor answers query actions with it.
   */
  _loadedJSON(tree: LoadTree): Record<string, unknown> | null {
    if (this.nullState === true) return null;
    const navigation = this.navigation();
    const children = new Map(tree.children);
    const names = tree.all ? Object.keys(this.loadable) : [...tree.properties];
    const json: Record<string, unknown> = {};
    for (const name of names) {
      if (name in this.loadable) {
        if (this.loadedFields.has(name)) {
          const value = this.loadedFields.get(name);
          if (isPlainObject(value)) propertyValues.add(value);
          json[name] = value;
        }
      } else if (navigation[name] && !children.has(name)) {
        children.set(name, { all: true, properties: new Set(), children: new Map() });
      }
    }
    for (const [name, child] of children) {
      const nav = navigation[name] as Partial<FakeClientObject<unknown>> | undefined;
      if (nav?._loadedJSON) json[name] = nav._loadedJSON.call(nav, child);
    }
    // Excel names each item it lists by id, so office.js can address it in later requests.
    const id = (this.located as { id?: unknown } | undefined)?.id;
    if (typeof id === "string" && !("id" in json)) json._Id = id;
    return json;
  }

  /** The loaded properties, as Office.js's toJSON gives them. */
  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.loadedFields);
  }

  track(): this {
    return this;
  }

  untrack(): this {
    return this;
  }
}
