import { ChatwootApiError } from "../http/transport/errors";
import { redactSecrets } from "../http/redaction/secrets";
import { ECHOED_METHODS, unechoed } from "./host-echo";

/**
 * `provider` with every error its methods throw redacted once more, as it leaves for the engine,
 * with every secret known by then. An error made before a secret was seen (the 422 of a create,
 * before the lookup that reads the new bot's token) is thereby redacted with it too, and so is an
 * error text built outside the HTTP client (a message quoting a value a server sent). The host's
 * echo of the error on its stderr is dropped (see ./host-echo.ts): the engine shows it on the resource.
 */
export function withRedactedErrors<P extends object>(provider: P): P {
  const guarded = { ...provider } as Record<string, unknown>;
  for (const [name, method] of Object.entries(provider as object)) {
    if (typeof method !== "function") continue;
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>).apply(provider, args);
      } catch (err) {
        const redacted = redactedError(err);
        throw ECHOED_METHODS.has(name) ? unechoed(redacted) : redacted;
      }
    };
  }
  return guarded as P;
}

/** `err` redacted: its message and stack, the reasons Pulumi shows, and its cause. */
function redactedError(err: unknown, depth = 0): unknown {
  if (ChatwootApiError.isInstance(err)) {
    // A copy of an older provider module may lack the method; its texts were redacted when it was made.
    return typeof err.redactedAgain === "function" ? err.redactedAgain() : err;
  }
  if (!(err instanceof Error) || depth > 3) return err;
  const target = err as Error & { reasons?: unknown };
  target.message = redactSecrets(target.message);
  if (target.stack !== undefined) target.stack = redactSecrets(target.stack);
  if (Array.isArray(target.reasons)) target.reasons = target.reasons.map((r) => (typeof r === "string" ? redactSecrets(r) : r));
  if (target.cause !== undefined) {
    const cause = redactedError(target.cause, depth + 1);
    if (cause !== target.cause) Object.defineProperty(target, "cause", { value: cause, configurable: true, writable: true });
  }
  return target;
}
