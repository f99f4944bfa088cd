/**
 * A record of everything that crossed the dynamic-provider host (each reply and each error the
 * engine would receive), and a search of it for tokens.
 */
import { isRecord } from "../../../provider/diff/normalize/coerce";
import type { HostClient, HostMethod } from "../../harness/host";
import { HostError } from "../../harness/host-error";
import { parseUrn } from "../../harness/urn";

/** One RPC as the engine saw it. */
export interface Crossing {
  method: HostMethod;
  /** The resource's URN; absent for `configure`. */
  urn?: string;
  /** The decoded reply, when the call succeeded. */
  reply?: unknown;
  /** When it failed: the status message and details, and the properties of an initialisation failure. */
  error?: string;
  /** For `check` and `read`: the inputs the engine sent, which the reply hands back (a secret input among them). */
  sent?: Record<string, unknown>;
}

const RECORDED: readonly HostMethod[] = ["configure", "check", "diff", "create", "read", "update", "delete"];

/** Wraps `host` so that every reply and every error is appended to `crossings`. */
export function recordCrossings(host: HostClient, crossings: Crossing[]): HostClient {
  const wrapped: HostClient = { ...host };
  for (const method of RECORDED) {
    const call = host[method] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as unknown as Record<HostMethod, (...args: unknown[]) => Promise<unknown>>)[method] = async (...args) => {
      const urn = typeof args[0] === "string" && args[0].startsWith("urn:") ? args[0] : undefined;
      // What the engine sent that a reply may hand back: check's new inputs, read's stored inputs.
      const sent = method === "check" ? (args[2] as Record<string, unknown>) : method === "read" ? (args[3] as Record<string, unknown> | undefined) : undefined;
      try {
        const reply = await call(...args);
        crossings.push({ method, urn, reply, ...(sent ? { sent } : {}) });
        return reply;
      } catch (err) {
        crossings.push({ method, urn, error: describeError(err) });
        throw err;
      }
    };
  }
  return wrapped;
}

function describeError(err: unknown): string {
  if (!(err instanceof HostError)) return String(err);
  return [err.message, err.details, err.initFailure ? JSON.stringify(err.initFailure) : ""].join("\n");
}

/**
 * Where any of `tokens` shows up: in a reply, an error or the host's own output. The only place a
 * token may appear is an output the SDK marks secret for that resource type (`secretOutputs`, by
 * type token, from `additionalSecretOutputs`). Each sighting is described by where it was, never by
 * the token itself, so a failing assertion does not print one.
 */
export function tokenSightings(
  crossings: readonly Crossing[],
  tokens: readonly string[],
  secretOutputs: Readonly<Record<string, readonly string[]>>,
  hostOutput: string,
): string[] {
  const secrets = tokens.filter((t) => t.length > 0);
  const sightings: string[] = [];
  const search = (value: unknown, where: string, exempt: readonly string[] = []) => {
    if (typeof value === "string") {
      if (secrets.some((t) => value.includes(t))) sightings.push(where);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => search(v, `${where}[${i}]`));
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) if (!exempt.includes(k)) search(v, `${where}.${k}`);
    }
  };
  crossings.forEach((c, i) => {
    const label = `#${i} ${c.method}${c.urn ? ` ${parseUrn(c.urn).name}` : ""}`;
    if (c.error !== undefined) search(c.error, `${label} error`);
    if (c.reply === undefined) return;
    const { properties, inputs, ...rest } = c.reply as { properties?: unknown; inputs?: unknown };
    const exempt = c.urn ? (secretOutputs[parseUrn(c.urn).type] ?? []) : [];
    search(properties, `${label} properties`, exempt);
    // `check` and `read` hand the engine's inputs back: an input it sent (a password given as a
    // secret input) is no sighting there, only a value the provider put in.
    const handedBack = Object.keys(c.sent ?? {}).filter((k) => isRecord(inputs) && JSON.stringify(inputs[k]) === JSON.stringify(c.sent?.[k]));
    search(inputs, `${label} reply.inputs`, handedBack);
    search(rest, `${label} reply`);
  });
  search(hostOutput, "host output");
  return sightings;
}
