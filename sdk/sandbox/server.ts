import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { accessToken, authenticateAccount, authenticatePlatform, authenticateUser } from "./auth";
import type { ApiResult, BaseCall } from "./call";
import { ApiError, internalError, JSON_TYPE, railsError } from "./errors";
import { faultAnswer, malformedJson, type ParsedFault } from "./faults";
import { splitPath } from "./path-pattern";
import { clientKey, throttled } from "./rate-limit";
import { parseRequestBody, type RequestBody } from "./request-body";
import type { LogEntry } from "./request-log";
import { findRoute } from "./routes";
import type { SandboxRuntime } from "./runtime";

/** Answers a request under `/__sandbox/`; never logged, rate-limited or faulted. */
export type ControlHandler = (method: string, path: string, body: Buffer) => ApiResult;

export const CONTROL_PREFIX = "/__sandbox";

/**
 * The request pipeline (stripe-mock's habit: one fixed order, every error in the API's envelope):
 * control plane → fault → rate limit → route → body → authentication → handler → fault → answer.
 * A request a delay fault holds counts as held (see `FaultStore.settled`) until it is answered or dropped.
 */
export function createListener(runtime: SandboxRuntime, control: ControlHandler): RequestListener {
  return (req, res) => {
    const started = performance.now();
    const fail = (error: unknown) => {
      if (!res.headersSent) send(res, unexpected(error));
    };
    // Most requests have no body: skip the stream plumbing for them (Node discards the empty stream).
    const length = req.headers["content-length"];
    if (req.headers["transfer-encoding"] === undefined && (length === undefined || length === "0")) {
      req.resume();
      handle(runtime, control, req, res, EMPTY_BODY, started).catch(fail);
    } else {
      readBody(req)
        .then((raw) => handle(runtime, control, req, res, raw, started))
        .catch(fail);
    }
  };
}

const EMPTY_BODY = Buffer.alloc(0);

async function handle(runtime: SandboxRuntime, control: ControlHandler, req: IncomingMessage, res: ServerResponse, raw: Buffer, started: number): Promise<void> {
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const method = req.method ?? "GET";

  stampDate(runtime, res);
  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
    send(res, control(method, path.slice(CONTROL_PREFIX.length) || "/", raw));
    return;
  }

  const query = queryStart === -1 ? {} : Object.fromEntries(new URLSearchParams(url.slice(queryStart + 1)));
  const segments = splitPath(path);
  let body: RequestBody | ApiError;
  try {
    const parsed = parseRequestBody(raw, req.headers["content-type"]);
    body = parsed instanceof Promise ? await parsed : parsed;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    body = error; // answered after routing, as Rails parses parameters inside the controller
  }
  const logged = body instanceof ApiError ? raw.toString("utf8") : body.logged;
  const record = (status: number, fault?: ParsedFault) => {
    const entry: LogEntry = { seq: 0, method, path, query, body: logged, status, ms: performance.now() - started };
    if (fault) entry.fault = fault.kind;
    runtime.log.add(entry);
  };

  const fault = runtime.faults.take(method, segments ?? []);
  if (fault?.kind === "reset") {
    req.socket.destroy();
    record(0, fault);
    return;
  }
  if (fault?.kind === "status") {
    const answer = faultAnswer(fault.status ?? 500, fault);
    send(res, answer);
    record(answer.status, fault);
    return;
  }
  const respond = () => {
    stampDate(runtime, res);
    let answer: ApiResult | ApiError;
    if (runtime.limiter && !runtime.limiter.allow(clientKey(req))) answer = throttled();
    else answer = dispatch(runtime, req, method, segments, query, body);
    answerUnder(fault, req, res, answer, record);
  };
  if (fault?.kind !== "delay") {
    respond();
    return;
  }
  const generation = runtime.generation;
  const release = runtime.faults.hold();
  try {
    await sleep((fault.delayMs ?? 0) + Math.random() * (fault.jitterMs ?? 0), undefined, { ref: false });
    // Reset while held: the request belonged to state that no longer exists; drop it unanswered.
    if (runtime.generation !== generation) req.socket.destroy();
    else respond();
  } finally {
    release();
  }
}

/**
 * The `Date` header as Rails behind Puma sends it: an HTTP date, to the second, by the server's
 * clock (a client can tell from it where the server's rate-limit window ends).
 */
function stampDate(runtime: SandboxRuntime, res: ServerResponse): void {
  res.setHeader("date", new Date(runtime.now()).toUTCString());
}

/** Sends the handled request's answer, or what the fault that took it makes of it. */
function answerUnder(
  fault: ParsedFault | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  answer: ApiResult | ApiError,
  record: (status: number, fault?: ParsedFault) => void,
): void {
  if (fault?.kind === "lost-response") {
    req.socket.destroy();
    record(0, fault);
    return;
  }
  if (fault?.kind === "bad-json") {
    const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
    send(res, { status: 200, body: malformedJson(text) }, JSON_TYPE);
    record(200, fault);
    return;
  }
  if (fault?.kind === "applied-status") {
    const failed = faultAnswer(fault.status ?? 502, fault);
    send(res, failed);
    record(failed.status, fault);
    return;
  }
  send(res, answer);
  record(answer.status, fault);
}

/** Routing, then Rails' body parsing (a bad body is a 400 before any callback), then authentication and the handler. */
function dispatch(
  runtime: SandboxRuntime,
  req: IncomingMessage,
  method: string,
  segments: string[] | undefined,
  query: Record<string, string>,
  body: RequestBody | ApiError,
): ApiResult | ApiError {
  try {
    const found = segments && findRoute(method, segments, runtime.edition);
    if (!found) throw railsError(404);
    if (body instanceof ApiError) throw body;
    const { params, json } = body;
    const { state, shapes, edition } = runtime;
    const call: BaseCall = { state, shapes, edition, origin: `http://${req.headers.host ?? "localhost"}`, path: found.path, query, params, json };
    const token = accessToken(req.headers);
    if (found.route.area === "platform") return found.route.handle({ ...call, app: authenticatePlatform(state, token) });
    if (found.route.area === "user") return found.route.handle({ ...call, user: authenticateUser(state, token) });
    return found.route.handle({ ...call, ...authenticateAccount(state, token, found.path.account_id ?? "") });
  } catch (error) {
    if (error instanceof ApiError) return error;
    return unexpected(error);
  }
}

/** A bug in the sandbox, not a modelled failure: reported on stderr, answered like Rails' unhandled exception. */
function unexpected(error: unknown): ApiError {
  process.stderr.write(`sandbox: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`);
  return internalError();
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Writes an answer: JSON unless the answer names another type (strings are sent as they are). */
function send(res: ServerResponse, answer: ApiResult | ApiError, contentType?: string): void {
  if (answer.body === undefined || answer.status === 204) {
    res.writeHead(answer.status, { "content-length": 0 });
    res.end();
    return;
  }
  const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
  const type = contentType ?? (answer instanceof ApiError ? answer.contentType : JSON_TYPE);
  res.writeHead(answer.status, { "content-type": type, "content-length": Buffer.byteLength(text) });
  res.end(text);
}
