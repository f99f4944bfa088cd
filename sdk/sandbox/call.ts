import type { Role } from "./fixture";
import type { Edition, ShapeMode } from "./options";
import type { Params } from "./params";
import type { AccountRecord, PlatformAppRecord, SandboxState, UserRecord } from "./state";

/** What a handler answers on success; `body` undefined means an empty body. */
export interface ApiResult {
  status: number;
  body?: unknown;
}

/** A request as handlers see it, after routing, body parsing and authentication. */
export interface BaseCall {
  state: SandboxState;
  shapes: ShapeMode;
  /** The edition the sandbox plays (Enterprise additions to community models depend on it). */
  edition: Edition;
  /** "http://host:port" as the client addressed the server (for URLs in bodies). */
  origin: string;
  /** Path parameters (decoded). */
  path: Record<string, string>;
  query: Record<string, string>;
  params: Params;
  /** True for JSON requests (only those get Rails' parameter wrapping). */
  json: boolean;
}

/** A platform-API call, authenticated as a platform app. */
export interface PlatformCall extends BaseCall {
  app: PlatformAppRecord;
}

/** A call authenticated as a user, before any account is resolved (the accounts controller's own). */
export interface UserCall extends BaseCall {
  user: UserRecord;
}

/** An application-API call, authenticated as a member of the account. */
export interface AccountCall extends BaseCall {
  account: AccountRecord;
  user: UserRecord;
  role: Role;
}

/** 200 with a JSON body. */
export function ok(body: unknown): ApiResult {
  return { status: 200, body };
}

/** `head :ok`: 200 with an empty body. */
export const EMPTY_OK: ApiResult = { status: 200 };
