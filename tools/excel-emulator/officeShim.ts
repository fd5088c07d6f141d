// The globals office.js defines, backed by a FakeExcelHost: Office (onReady, document settings,
// theme, requirement sets), Excel (run and enums), OfficeExtension, OfficeRuntime.storage and
// CustomFunctions. The browser entry (fakeOfficeEntry.ts) installs them on window.
import { FakeRichApiError } from "./errors";
import type { FakeExcelHost } from "./host";

/** What installFakeOffice defines on the target. */
export interface FakeOfficeGlobals {
  readonly Office: FakeOffice;
  readonly Excel: FakeExcelNamespace;
  readonly OfficeExtension: Record<string, unknown>;
  readonly OfficeRuntime: {
    storage: OfficeRuntime.Storage;
    apiInformation: OfficeRuntime.ApiInformation;
  };
  readonly CustomFunctions: FakeCustomFunctions;
}

interface FakeOffice {
  onReady(
    callback?: (info: { host: string; platform: string }) => void,
  ): Promise<{ host: string; platform: string }>;
  initialize?: (reason: string) => void;
  readonly HostType: Record<string, string>;
  readonly PlatformType: Record<string, string>;
  readonly AsyncResultStatus: Record<string, string>;
  readonly ThemeId: Record<string, number>;
  readonly EventType: Record<string, string>;
  readonly StartupBehavior: Record<string, string>;
  readonly context: Record<string, unknown>;
  readonly addin: Record<string, unknown>;
  readonly actions: { associate(id: string, action: (event?: unknown) => unknown): void };
}

interface FakeExcelNamespace {
  run: (...args: unknown[]) => Promise<unknown>;
  [key: string]: unknown;
}

interface FakeCustomFunctions {
  associate(
    idOrMappings: string | Record<string, (...args: unknown[]) => unknown>,
    fn?: (...args: unknown[]) => unknown,
  ): void;
  Error: typeof FakeCustomFunctionError;
  ErrorCode: typeof CUSTOM_FUNCTION_ERROR_CODES;
}

const SUPPORTED_SETS: Readonly<Record<string, string>> = {
  excelapi: "1.17",
  sharedruntime: "1.1",
  customfunctionsruntime: "1.4",
  // office.js asks for this set before it sends Excel.run's delayForCellEdit flag.
  delayforcelledit: "1.1",
  ribbonapi: "1.1",
  addincommands: "1.1",
};

/** Compares "1.10" and "1.9" as versions. */
function versionAtMost(version: string, max: string): boolean {
  const a = version.split(".").map(Number);
  const b = max.split(".").map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (Number.isNaN(x)) return false;
    if (x !== y) return x < y;
  }
  return true;
}

/** True for ExcelApi up to 1.17, SharedRuntime 1.1 and the other sets the fake covers. */
export function isSetSupported(name: string, version?: string): boolean {
  const max = SUPPORTED_SETS[String(name).toLowerCase()];
  if (max === undefined) return false;
  return version === undefined || version === "" ? true : versionAtMost(String(version), max);
}

/**
 * The sets `host` reports: those above, less DelayForCellEdit when the host was made without it
 * (office.js then leaves Excel.run's delayForCellEdit out of its requests).
 */
export function hostSupportsSet(host: FakeExcelHost, name: string, version?: string): boolean {
  if (String(name).toLowerCase() === "delayforcelledit" && !host.reportsDelayForCellEdit) {
    return false;
  }
  return isSetSupported(name, version);
}

const CUSTOM_FUNCTION_ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

/** CustomFunctions.Error: what a function throws to show an error value in its cell. */
export class FakeCustomFunctionError extends Error {
  readonly code: string;

  constructor(code: string, message?: string) {
    super(message ?? "");
    this.name = "CustomFunctions.Error";
    this.code = code;
    if (message === undefined) (this as { message?: string }).message = undefined;
  }
}

const THEMES = {
  light: {
    bodyBackgroundColor: "#FFFFFF",
    bodyForegroundColor: "#000000",
    controlBackgroundColor: "#FFFFFF",
    controlForegroundColor: "#262626",
    isDarkTheme: false,
    themeId: 1,
  },
  dark: {
    bodyBackgroundColor: "#292929",
    bodyForegroundColor: "#FFFFFF",
    controlBackgroundColor: "#3B3B3B",
    controlForegroundColor: "#F3F3F3",
    isDarkTheme: true,
    themeId: 0,
  },
} as const;

/**
 * OfficeExtension.Error. `instanceof` recognizes any Office-shaped error, also one thrown by a
 * host in another frame (the preview page's), whose classes differ from this frame's.
 */
class OfficeExtensionError extends FakeRichApiError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as { name?: unknown }).name === "RichApi.Error" &&
      typeof (value as { code?: unknown }).code === "string"
    );
  }
}

/** OfficeRuntime.storage holds up to 10 MB per add-in. */
const STORAGE_LIMIT = 10 * 1024 * 1024;

function makeStorage(map: Map<string, string>): OfficeRuntime.Storage {
  const size = () => [...map].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  const checkKey = (key: unknown) => {
    if (typeof key !== "string") throw new TypeError("A storage key is a string.");
  };
  const setAll = (entries: [string, string][]) => {
    for (const [key, value] of entries) {
      checkKey(key);
      if (typeof value !== "string") throw new TypeError(`The value of ${key} is not a string.`);
    }
    const before = new Map(map);
    for (const [key, value] of entries) map.set(key, value);
    if (size() > STORAGE_LIMIT) {
      map.clear();
      for (const [k, v] of before) map.set(k, v);
      throw new Error("OfficeRuntime.storage is full: the limit is 10 MB per add-in.");
    }
  };
  const later = <T>(work: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      try {
        resolve(work());
      } catch (error) {
        reject(error);
      }
    });
  return {
    getItem: (key) => later(() => (checkKey(key), map.get(key) ?? null)),
    setItem: (key, value) => later(() => setAll([[key, value]])),
    removeItem: (key) => later(() => void (checkKey(key), map.delete(key))),
    getItems: (keys) => later(() => Object.fromEntries(keys.map((k) => [k, map.get(k) ?? null]))),
    setItems: (keyValues) => later(() => setAll(Object.entries(keyValues))),
    removeItems: (keys) => later(() => keys.forEach((k) => map.delete(k))),
    getKeys: () => later(() => [...map.keys()]),
  };
}

/** Calls an Office-style async callback with a success result, later, as Office does. */
function succeeded(callback: unknown, asyncContext?: unknown): void {
  if (typeof callback === "function") {
    setTimeout(
      () => callback({ status: "succeeded", value: undefined, error: null, asyncContext }),
      0,
    );
  }
}

/** The callback of an Office async method: the options argument may be left out. */
function callbackOf(a: unknown, b: unknown): unknown {
  return typeof a === "function" ? a : b;
}

/** Office.context.document.settings: an in-memory copy, written to the workbook by saveAsync. */
function makeDocumentSettings(host: FakeExcelHost) {
  let copy = new Map<string, unknown>();
  const refresh = () => {
    const store = host.workbook.settings;
    copy = new Map(store.keys().map((key) => [key, store.get(key)]));
  };
  refresh();
  const contextOf = (a: unknown) =>
    a && typeof a === "object" && "asyncContext" in a
      ? (a as { asyncContext: unknown }).asyncContext
      : undefined;
  return {
    get: (name: string): unknown => (copy.has(name) ? copy.get(name) : null),
    set: (name: string, value: unknown): void => {
      if (JSON.stringify(value) === undefined)
        throw new Error(`Setting ${name} cannot hold that value.`);
      copy.set(name, value);
    },
    remove: (name: string): void => void copy.delete(name),
    saveAsync: (options?: unknown, callback?: unknown): void => {
      const store = host.workbook.settings;
      for (const key of store.keys()) if (!copy.has(key)) store.delete(key);
      for (const [key, value] of copy) store.set(key, value, "Settings.saveAsync");
      host.notifyChange();
      succeeded(callbackOf(options, callback), contextOf(options));
    },
    refreshAsync: (callback?: unknown): void => {
      refresh();
      succeeded(callback);
    },
    addHandlerAsync: (_type: unknown, _handler: unknown, options?: unknown, callback?: unknown) =>
      succeeded(callbackOf(options, callback)),
  };
}

/**
 * Defines Office, Excel, OfficeExtension, OfficeRuntime and CustomFunctions on `target`
 * (window, or any object in tests), all backed by `host`.
 */
export function installFakeOffice(target: object, host: FakeExcelHost): FakeOfficeGlobals {
  const info = { host: "Excel", platform: "OfficeOnline" };
  const ready = Promise.resolve(info);
  let startupBehavior = "None";
  const Office: FakeOffice = {
    onReady(callback) {
      return ready.then((value) => {
        callback?.(value);
        return value;
      });
    },
    HostType: {
      Word: "Word",
      Excel: "Excel",
      PowerPoint: "PowerPoint",
      Outlook: "Outlook",
      OneNote: "OneNote",
      Project: "Project",
      Access: "Access",
    },
    PlatformType: {
      PC: "PC",
      OfficeOnline: "OfficeOnline",
      Mac: "Mac",
      iOS: "iOS",
      Android: "Android",
      Universal: "Universal",
    },
    AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
    ThemeId: { Black: 0, Colorful: 1, DarkGray: 2, White: 3 },
    StartupBehavior: { load: "Load", none: "None" },
    EventType: {
      OfficeThemeChanged: "officeThemeChanged",
      DocumentSelectionChanged: "documentSelectionChanged",
    },
    context: {
      host: "Excel",
      platform: "OfficeOnline",
      displayLanguage: "en-US",
      contentLanguage: "en-US",
      diagnostics: { host: "Excel", platform: "OfficeOnline", version: "16.0.0.0" },
      requirements: {
        isSetSupported: (name: string, version?: string) => hostSupportsSet(host, name, version),
      },
      document: {
        settings: makeDocumentSettings(host),
        get url() {
          return host.documentUrl;
        },
        // Excel raises none of these document events for an add-in: OfficeThemeChanged is
        // Outlook's (Mailbox 1.14), and selection changes are not modelled. The handler is
        // accepted and never called, so the pane must read the theme itself.
        addHandlerAsync: (
          _type: unknown,
          _handler: unknown,
          options?: unknown,
          callback?: unknown,
        ) => {
          succeeded(callbackOf(options, callback));
        },
      },
      get officeTheme() {
        return { ...THEMES[host.theme] };
      },
    },
    addin: {
      showAsTaskpane: () => Promise.resolve(),
      hide: () => Promise.resolve(),
      // Office keeps this in the document; the shim keeps it for the page's life.
      setStartupBehavior: (behavior: unknown) => {
        startupBehavior = behavior === "Load" ? "Load" : "None";
        return Promise.resolve();
      },
      getStartupBehavior: () => Promise.resolve(startupBehavior),
      onVisibilityModeChanged: () => Promise.resolve(() => Promise.resolve()),
    },
    actions: {
      associate: (id, action) => {
        host.actions.set(id, action);
      },
    },
  };
  const Excel: FakeExcelNamespace = {
    run: (...args: unknown[]) => {
      const batch = args.find((a) => typeof a === "function") as
        ((context: Excel.RequestContext) => Promise<unknown>) | undefined;
      if (!batch) return Promise.reject(new TypeError("Excel.run needs a batch function."));
      return host.run(batch);
    },
    DeleteShiftDirection: { up: "Up", left: "Left" },
    InsertShiftDirection: { down: "Down", right: "Right" },
    ClearApplyTo: {
      all: "All",
      formats: "Formats",
      contents: "Contents",
      hyperlinks: "Hyperlinks",
      removeHyperlinks: "RemoveHyperlinks",
      resetContents: "ResetContents",
    },
    CalculationMode: {
      automatic: "Automatic",
      automaticExceptTables: "AutomaticExceptTables",
      manual: "Manual",
    },
    CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
    RangeValueType: {
      unknown: "Unknown",
      empty: "Empty",
      string: "String",
      integer: "Integer",
      double: "Double",
      boolean: "Boolean",
      error: "Error",
      richValue: "RichValue",
    },
    SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
    ErrorCodes: {
      accessDenied: "AccessDenied",
      apiNotFound: "ApiNotFound",
      filteredRangeConflict: "FilteredRangeConflict",
      generalException: "GeneralException",
      insertDeleteConflict: "InsertDeleteConflict",
      invalidArgument: "InvalidArgument",
      invalidOperation: "InvalidOperation",
      invalidReference: "InvalidReference",
      itemAlreadyExists: "ItemAlreadyExists",
      itemNotFound: "ItemNotFound",
      mergedRangeConflict: "MergedRangeConflict",
      nonBlankCellOffSheet: "NonBlankCellOffSheet",
      pivotTableRangeConflict: "PivotTableRangeConflict",
      requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
      responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
    },
  };
  const OfficeExtension = {
    Error: OfficeExtensionError,
    ErrorCodes: {
      accessDenied: "AccessDenied",
      generalException: "GeneralException",
      activityLimitReached: "ActivityLimitReached",
      invalidObjectPath: "InvalidObjectPath",
      propertyNotLoaded: "PropertyNotLoaded",
      valueNotLoaded: "ValueNotLoaded",
      invalidRequestContext: "InvalidRequestContext",
      invalidArgument: "InvalidArgument",
      runMustReturnPromise: "RunMustReturnPromise",
      cannotRegisterEvent: "CannotRegisterEvent",
      apiNotFound: "ApiNotFound",
      connectionFailure: "ConnectionFailure",
    },
    Promise,
    config: { extendedErrorLogging: false },
  };
  const OfficeRuntime = {
    storage: makeStorage(host.storage),
    apiInformation: {
      isSetSupported: (name: string, version?: string) => hostSupportsSet(host, name, version),
    },
  };
  const CustomFunctions: FakeCustomFunctions = {
    associate(idOrMappings, fn) {
      const entries =
        typeof idOrMappings === "string"
          ? [[idOrMappings, fn] as const]
          : Object.entries(idOrMappings);
      for (const [id, f] of entries) {
        if (typeof f !== "function")
          throw new TypeError(`CustomFunctions.associate(${id}) needs a function.`);
        host.customFunctions.set(id.toUpperCase(), f);
      }
      host.customFunctionCalls.reassociated();
    },
    Error: FakeCustomFunctionError,
    ErrorCode: CUSTOM_FUNCTION_ERROR_CODES,
  };
  const globals: FakeOfficeGlobals = {
    Office,
    Excel,
    OfficeExtension,
    OfficeRuntime,
    CustomFunctions,
  };
  Object.assign(target, globals);
  void ready.then(() => {
    if (typeof Office.initialize === "function") Office.initialize("inserted");
  });
  return globals;
}
