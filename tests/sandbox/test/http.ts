import { startSandbox, type Sandbox, type SandboxOptions } from "../../../sdk/sandbox/index";

/** An answer as the tests look at it: status, media type, raw text and the parsed JSON (undefined when not valid JSON). */
export interface Reply {
  status: number;
  type: string | null;
  text: string;
  body: unknown;
  headers: Headers;
}

export interface RequestOptions {
  /** Sent as `api_access_token`. */
  token?: string;
  /** Sent as a JSON body with Content-Type application/json. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** A raw body (with its own content type in `headers`). */
  raw?: string;
  headers?: Record<string, string>;
}

/** One real HTTP request to the sandbox. */
export async function request(base: string, method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.api_access_token = options.token;
  let body: string | FormData | undefined = options.raw;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  if (options.form) body = options.form;
  const response = await fetch(base + path, { method, headers, body });
  const text = await response.text();
  const type = response.headers.get("content-type");
  let parsed: unknown;
  try {
    if (type?.startsWith("application/json") && text !== "") parsed = JSON.parse(text);
  } catch {
    parsed = undefined; // malformed on purpose (the "bad-json" fault): tests look at `text`
  }
  return { status: response.status, type, text, body: parsed, headers: response.headers };
}

/** Status and parsed body together, for one assertion on both. */
export function outcome(reply: Reply): [number, unknown] {
  return [reply.status, reply.body];
}

/** Requests on behalf of one token. */
export function as(base: () => string, token: () => string) {
  const send = (method: string, path: string, options: Omit<RequestOptions, "token"> = {}) => request(base(), method, path, { ...options, token: token() });
  return {
    get: (path: string) => send("GET", path),
    post: (path: string, json?: unknown) => send("POST", path, json === undefined ? {} : { json }),
    patch: (path: string, json?: unknown) => send("PATCH", path, json === undefined ? {} : { json }),
    put: (path: string, json?: unknown) => send("PUT", path, json === undefined ? {} : { json }),
    delete: (path: string, json?: unknown) => send("DELETE", path, json === undefined ? {} : { json }),
    send,
  };
}

/**
 * One sandbox per describe block: started before its tests, reset (and set back to the given
 * shapes, edition, rate limit and clock) before each test, closed after.
 */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  beforeEach(() => {
    const control = current().control;
    control.reset();
    control.setShapes(options.shapes ?? "chatwoot");
    control.setEdition(options.edition ?? "enterprise");
    control.setRateLimit(options.rateLimit ?? null);
    control.setClockOffset(options.clockOffsetMs ?? 0);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const current = (): Sandbox => {
    if (!sandbox) throw new Error("sandbox not started");
    return sandbox;
  };
  return current;
}

/** The roles of the seed, as request helpers. */
export function seedClients(sandbox: () => Sandbox) {
  const url = () => sandbox().url;
  const account = (index: number) => {
    const info = sandbox().info.accounts[index];
    if (!info) throw new Error(`seed has no account #${index}`);
    return info;
  };
  return {
    platform1: as(url, () => sandbox().info.platformTokens[0] ?? ""),
    platform2: as(url, () => sandbox().info.platformTokens[1] ?? ""),
    admin1: as(url, () => account(0).adminToken),
    agent1: as(url, () => account(0).agentToken ?? ""),
    admin2: as(url, () => account(1).adminToken),
    anonymous: as(url, () => ""),
  };
}

export const MODES = ["chatwoot", "documented"] as const;

/** A tiny valid PNG (1×1), and its sha256 is computed by the tests themselves. */
export const PNG_1X1 = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
  "hex",
);
