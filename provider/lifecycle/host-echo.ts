/**
 * Pulumi's dynamic-provider host catches an error of `check`, `diff`, `read` or `delete`, prints
 * `${err}: ${err.stack}` to its stderr and sends the error to the engine, which shows its message
 * on the resource. The engine shows that stderr too, on the stack: the message twice, then stack
 * frames of this provider's code. The error is said once, on the resource, when that echo is
 * dropped: the process's `console.error`, wrapped once, drops exactly the line the host prints for
 * an error this provider threw, and passes every other line on (the rate-limit notes among them).
 */

/** The methods whose errors the host echoes (create and update errors go to the engine unprinted). */
export const ECHOED_METHODS: ReadonlySet<string> = new Set(["check", "diff", "read", "delete"]);

/** Echoes not seen yet; bounded, for errors thrown where no host prints them (a test, say). */
const pending = new Set<string>();
const PENDING_MAX = 100;
let installed = false;

/** Wraps `console.error` once to drop the lines registered in `pending`, each once. */
function install(): void {
  if (installed) return;
  installed = true;
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && pending.delete(args[0])) return;
    original.apply(console, args);
  };
}

/** `err`, its echo by the host registered to be dropped. */
export function unechoed(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  install();
  pending.add(`${err}: ${err.stack}`);
  if (pending.size > PENDING_MAX) pending.delete(pending.values().next().value as string);
  return err;
}
