import type { z } from "zod";
import { connection } from "../config";
import { apiClient, type ApiRequest } from "../http/transport/client";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { parseBody } from "../http/transport/parse";

/** Sends a request and parses the answer with `schema` (which accepts every known envelope). */
export async function call<S extends z.ZodType>(schema: S, req: ApiRequest): Promise<z.output<S>> {
  return parseBody(schema, await apiClient().send(req), req);
}

/**
 * Sends a request whose answer carries nothing we need (deletes, membership removals). A success
 * answer that cannot be read (malformed JSON) still means the write was applied, so it succeeds.
 */
export async function send(req: ApiRequest): Promise<void> {
  try {
    await apiClient().send(req);
  } catch (err) {
    if (ChatwootApiError.isInstance(err) && err.writeOutcome === "applied") return;
    throw err;
  }
}

/** Runs a read; `undefined` when the server answers 404, and only then. */
export async function unlessNotFound<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/**
 * Sends a write that may be repeated (it sets state rather than adding to it, like a membership
 * change) and whose effect can be read back. When its answer was lost or unreadable, `effect`
 * reads whether the server shows it: shown means done; not shown after an outcome of "unknown"
 * means it was not applied, and it is sent once more. After a timeout the server may still be
 * working on it, so the effect is looked for during one more request deadline first. A repeat the
 * server refuses (422) is settled by one more look. (Creates, which must never be repeated while
 * the first attempt may still land, go through `createOnce` instead.)
 */
export async function confirmWrite<T>(write: () => Promise<T>, effect: () => Promise<T | undefined>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!ChatwootApiError.isInstance(err) || err.writeOutcome === "not-applied") throw err;
    const found = await (err.kind === "timeout" ? lookUntil(effect, connection().requestTimeoutMs) : effect());
    if (found !== undefined) return found;
    if (err.writeOutcome === "applied") throw err;
  }
  try {
    return await write();
  } catch (err) {
    if (ChatwootApiError.isInstance(err) && err.status === 422) {
      const found = await effect();
      if (found !== undefined) return found;
    }
    throw err;
  }
}

async function lookUntil<T>(look: () => Promise<T | undefined>, windowMs: number): Promise<T | undefined> {
  const until = Date.now() + windowMs;
  for (;;) {
    const found = await look();
    if (found !== undefined || Date.now() >= until) return found;
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, windowMs / 4)));
  }
}

/**
 * Applies a change (PATCH) and returns the object. When the server applied it but its answer was
 * unreadable (e.g. malformed JSON), the object is read back instead of failing an applied change.
 */
export async function writeThenRead<T>(write: () => Promise<T>, reread: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (ChatwootApiError.isInstance(err) && err.writeOutcome === "applied") return reread();
    throw err;
  }
}
