// Answers Microsoft's office.js Excel client from the in-memory workbook: each request office.js
// serializes for a `context.sync()` (object paths and actions) is replayed on the fake's proxies
// and run in one round trip of the host, and the answer is written in the shape office.js reads.
//
// Office.js builds, serializes and checks the batch (PropertyNotLoaded, argument handling, the
// request's real bytes); the fake decides what the workbook does. Excel on the web's limits are
// applied to the real bytes: a request over the host's maxRequestBytes fails with
// RequestPayloadSizeLimitExceeded before anything runs, a response over maxResponseBytes with
// ResponsePayloadSizeLimitExceeded after the commands ran (as in Excel).
import { officeError } from "../errors";
import type { FakeErrorCode } from "../errors";
import type { FakeExcelHost, MeasuredRequest, SyncRecord } from "../host";
import { parseLoadOption, propertyValues } from "../proxies/clientObject";
import type { LoadTree } from "../proxies/clientObject";
import { FakeClientResult } from "../proxies/clientResult";
import type { QueuedOperation, SyncBackend } from "../proxies/context";
import { FakeExcelRequestContext } from "../proxies/workbook";
import { ActionType, PathType, memberName, responseName } from "./protocol";
import type {
  ActionInfo,
  ActionResult,
  ArgumentInfo,
  ErrorInfo,
  ObjectPathInfo,
  RequestBody,
  RequestInfo,
  ResponseInfo,
} from "./protocol";

/** What the executor needs of a fake proxy (FakeClientObject's internal members). */
interface ProxyObject {
  _tryLocate(): unknown;
  readonly _isOrNull: boolean;
  readonly _typeName: string;
  _loadedJSON(tree: LoadTree): Record<string, unknown> | null;
  load(option?: unknown): unknown;
}

type Member = Record<string, unknown>;

function isProxy(value: unknown): value is ProxyObject {
  return typeof value === "object" && value !== null && "_loadedJSON" in value;
}

/** UTF-8 bytes of a text. */
export function utf8ByteLength(text: string): number {
  return typeof Buffer !== "undefined"
    ? Buffer.byteLength(text, "utf8")
    : new TextEncoder().encode(text).length;
}

/** A failure while reading the request, before anything ran: answered as an Office error. */
class RequestRefused extends Error {
  constructor(
    readonly code: FakeErrorCode | "NotImplemented",
    message: string,
    readonly location?: string,
  ) {
    super(message);
  }
}

/** One request, replayed: proxies by object path id, and how to answer each action. */
class Replay {
  private readonly objects = new Map<number, unknown>();
  readonly answers: { actionId: number; value: () => unknown }[] = [];

  constructor(
    private readonly context: FakeExcelRequestContext,
    private readonly body: RequestBody,
  ) {}

  run(): void {
    for (const action of this.body.Actions) this.replay(action);
  }

  private path(id: number): ObjectPathInfo {
    const path = this.body.ObjectPaths[String(id)];
    if (!path)
      throw new RequestRefused("InvalidArgument", `Object path ${id} is not in the request.`);
    return path;
  }

  /** The proxy an object path leads to, created in request order (methods may create things). */
  private object(id: number): unknown {
    if (this.objects.has(id)) return this.objects.get(id);
    const path = this.path(id);
    let object: unknown;
    switch (path.ObjectPathType) {
      case PathType.root:
        object = this.context.workbook;
        break;
      case PathType.property:
        object = this.member(this.parent(path), memberName(path.Name), "property");
        break;
      case PathType.method:
        object = this.call(this.parent(path), memberName(path.Name), path.ArgumentInfo);
        break;
      case PathType.indexer:
        object = this.call(this.parent(path), "getItem", path.ArgumentInfo);
        break;
      default:
        throw new RequestRefused(
          "NotImplemented",
          `Object path type ${path.ObjectPathType} is not supported by the Excel emulator.`,
        );
    }
    if (typeof object !== "object" || object === null) {
      throw new RequestRefused(
        "InvalidArgument",
        `${path.Name || "getItem"} did not give an object.`,
        path.Name,
      );
    }
    this.objects.set(id, object);
    return object;
  }

  private parent(path: ObjectPathInfo): unknown {
    if (path.ParentObjectPathId === undefined) {
      throw new RequestRefused("InvalidArgument", `Object path ${path.Id} has no parent.`);
    }
    return this.object(path.ParentObjectPathId);
  }

  private member(target: unknown, name: string, kind: string): unknown {
    this.requireMember(target, name, kind);
    return (target as Member)[name];
  }

  /** Fails plainly when the fake lacks a member (without reading it: getters may throw). */
  private requireMember(target: unknown, name: string, kind: string): void {
    if (typeof target === "object" && target !== null && name in target) return;
    const type = isProxy(target) ? target._typeName : "object";
    throw new RequestRefused(
      "NotImplemented",
      `The Excel emulator does not implement the ${kind} ${type}.${name}.`,
      `${type}.${name}`,
    );
  }

  private arguments(info: ArgumentInfo | undefined): unknown[] {
    const values = [...(info?.Arguments ?? [])];
    info?.ReferencedObjectPathIds?.forEach((pathId, index) => {
      if (typeof pathId === "number" && pathId > 0) values[index] = this.object(pathId);
    });
    // office.js pads optional arguments with null; the fake's members take undefined for them.
    while (values.length > 0 && values[values.length - 1] === null) values.pop();
    return values.map((value) => (value === null ? undefined : value));
  }

  private call(target: unknown, name: string, info: ArgumentInfo | undefined): unknown {
    const method = this.member(target, name, "method");
    if (typeof method !== "function") {
      throw new RequestRefused("NotImplemented", `${name} is not a method.`, name);
    }
    return (method as (...args: unknown[]) => unknown).apply(target, this.arguments(info));
  }

  private replay(action: ActionInfo): void {
    switch (action.ActionType) {
      case ActionType.instantiate:
        return this.instantiate(action);
      case ActionType.query:
        return this.query(action);
      case ActionType.method: {
        if (action.Name === "_KeepReference") return; // references are paths here
        const target = this.object(action.ObjectPathId);
        const result = this.call(target, memberName(action.Name), action.ArgumentInfo);
        if (result instanceof FakeClientResult) {
          this.answers.push({ actionId: action.Id, value: () => result.value as unknown });
        }
        return;
      }
      case ActionType.setProperty: {
        const target = this.object(action.ObjectPathId);
        const name = memberName(action.Name);
        this.requireMember(target, name, "property");
        (target as Member)[name] = action.ArgumentInfo?.Arguments?.[0];
        return;
      }
      default:
        throw new RequestRefused(
          "NotImplemented",
          `Action type ${action.ActionType} (${action.Name}) is not supported by the Excel emulator.`,
        );
    }
  }

  /**
   * Excel answers an instantiation with the object's identity, or null for a null object; a
   * path to something that does not exist fails there (ItemNotFound). Checked when the request
   * runs, in order, so an object created earlier in the same request is found.
   */
  private instantiate(action: ActionInfo): void {
    const object = this.object(action.ObjectPathId);
    if (!isProxy(object)) return;
    let answer: unknown = {};
    const check: QueuedOperation = {
      name: `${object._typeName}.instantiate`,
      requestBytes: 0,
      run: () => {
        const located = object._tryLocate();
        if (located === undefined) {
          if (!object._isOrNull) {
            throw officeError("ItemNotFound", undefined, `${object._typeName}`);
          }
          answer = null;
          return;
        }
        const id = (located as { id?: unknown }).id;
        // With an id office.js re-addresses objects made by add() (their paths end with the request).
        answer = typeof id === "string" || typeof id === "number" ? { Id: id } : {};
      },
    };
    this.context.enqueue(check);
    this.answers.push({ actionId: action.Id, value: () => answer });
  }

  private query(action: ActionInfo): void {
    const object = this.object(action.ObjectPathId);
    if (!isProxy(object)) {
      throw new RequestRefused("NotImplemented", "Only Excel objects can be loaded.");
    }
    const info = action.QueryInfo ?? {};
    const option =
      info.Select === undefined && info.Expand === undefined
        ? undefined
        : { select: info.Select, expand: info.Expand };
    object.load(option);
    const tree = parseLoadOption(option);
    this.answers.push({
      actionId: action.Id,
      value: () => responseValue(object._loadedJSON(tree)),
    });
  }
}

/** A loaded object's JSON with Excel's names: PascalCase, `_Items` (items keep their `_Id`). */
function responseValue(json: Record<string, unknown> | null): unknown {
  if (json === null) return null;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(json)) {
    if (name === "items" && Array.isArray(value)) {
      out._Items = value.map((item) => responseValue(item as Record<string, unknown> | null));
    } else if (
      value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      !propertyValues.has(value)
    ) {
      out[responseName(name)] = responseValue(value as Record<string, unknown>);
    } else {
      out[responseName(name)] = value;
    }
  }
  return out;
}

function errorInfo(error: unknown): ErrorInfo {
  const e = error as { code?: unknown; message?: unknown; debugInfo?: { errorLocation?: unknown } };
  const code = typeof e.code === "string" ? e.code : "GeneralException";
  const location = error instanceof RequestRefused ? error.location : e.debugInfo?.errorLocation;
  return {
    Code: code,
    Message: typeof e.message === "string" ? e.message : String(error),
    ...(typeof location === "string" ? { Location: location } : {}),
    HttpStatusCode: code === "ItemNotFound" ? 404 : 400,
  };
}

/**
 * The request as sent. office.js later rewrites the path objects it sent (re-addressing objects
 * added in the batch), so those are copied; the actions (megabytes of values) are not changed
 * after sending and are kept as they are, without a second parse.
 */
function snapshot(body: RequestBody | string): RequestBody {
  if (typeof body === "string") return JSON.parse(body) as RequestBody;
  const paths = JSON.parse(JSON.stringify(body.ObjectPaths)) as RequestBody["ObjectPaths"];
  return { ...body, Actions: [...body.Actions], ObjectPaths: paths };
}

/** office.js's request flag for Excel.run's `delayForCellEdit` option. */
const DELAY_FOR_CELL_EDIT = 64;

/** The flags office.js puts in the request's address (`…/ProcessQuery?flags=64`). */
function requestFlags(url: string): number {
  const flags = /[?&]flags=(\d+)/.exec(url)?.[1];
  return flags === undefined ? 0 : Number(flags);
}

function respond(body: unknown): ResponseInfo {
  return { statusCode: 200, headers: {}, body: JSON.stringify(body) };
}

/** One request as the executor saw it: the body office.js sent and the host's record of it. */
export interface ExecutedRequest {
  readonly body: RequestBody;
  readonly requestBytes: number;
  readonly responseBytes: number;
  readonly record: SyncRecord | undefined;
  readonly error?: string;
}

/** Answers office.js requests from a FakeExcelHost's workbook. */
export class OfficeJsRequestExecutor {
  /** Every request answered, newest last (tests read the real request bodies here). */
  readonly requests: ExecutedRequest[] = [];
  /** Keep at most this many requests in `requests` (benchmarks send thousands). */
  keepRequests = 50;

  constructor(readonly host: FakeExcelHost) {}

  /** The custom send function's body: one request in, one response out. */
  async execute(request: RequestInfo): Promise<ResponseInfo> {
    if (this.host.editingCell) {
      // Excel holds a request sent with delayForCellEdit until the edit ends, and refuses any
      // other while a cell is being edited, before running any of it.
      if ((requestFlags(request.url) & DELAY_FOR_CELL_EDIT) === 0) {
        this.host.refusedForCellEdit += 1;
        return respond({
          Error: errorInfo(officeError("InvalidOperationInCellEditMode", undefined, "Excel.run")),
        });
      }
      await this.host.cellEditEnded();
    }
    // Serializing is the transport's work (the add-in's side); all after it is Excel's.
    const text = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
    const started = performance.now();
    const body = snapshot(request.body);
    const requestBytes = utf8ByteLength(text);
    let record: SyncRecord | undefined;
    const measured: MeasuredRequest = { requestBytes };
    const backend: SyncBackend = {
      workbook: this.host.workbook,
      roundTrip: async (operations, implicit) => {
        record = await this.host.roundTrip(operations, implicit, measured);
      },
    };
    const context = new FakeExcelRequestContext(backend);
    const replay = new Replay(context, body);
    let response: ResponseInfo;
    try {
      replay.run();
      // A request with nothing the fake queues still counts as a round trip.
      if (context.debugInfo.pendingStatements.length === 0) {
        context.enqueue({ name: "Request", requestBytes: 0, run: () => undefined });
      }
      await context.sync();
      const results: ActionResult[] = replay.answers.map((a) => ({
        ActionId: a.actionId,
        Value: a.value(),
      }));
      response = respond({ Results: results });
      const responseBytes = utf8ByteLength(response.body);
      if (record) record.responseBytes = responseBytes;
      if (responseBytes > this.host.maxResponseBytes) {
        if (record) record.error = "ResponsePayloadSizeLimitExceeded";
        response = respond({
          Error: errorInfo(
            officeError(
              "ResponsePayloadSizeLimitExceeded",
              `(${responseBytes} bytes; the limit is ${this.host.maxResponseBytes}.)`,
            ),
          ),
        });
      }
    } catch (error) {
      if (error instanceof RequestRefused && record === undefined) {
        // Nothing ran: the request could not be read. Still one round trip in the log.
        record = await this.host.roundTrip([], false, measured).catch(() => undefined);
        if (record) record.error = error.code;
      }
      response = respond({ Error: errorInfo(error) });
    }
    // Excel's whole share: reading the request, running it, writing the answer.
    if (record) record.serveMs = Math.max(0, performance.now() - started - this.host.latencyMs);
    this.remember({
      body,
      requestBytes,
      responseBytes: utf8ByteLength(response.body),
      record,
      ...(record?.error ? { error: record.error } : {}),
    });
    return response;
  }

  private remember(request: ExecutedRequest): void {
    this.requests.push(request);
    if (this.requests.length > this.keepRequests) this.requests.shift();
  }
}
