import { STATUS_CODES } from "node:http";
import { z } from "zod";
import { ApiError, JSON_TYPE, railsError } from "./errors";
import { compilePattern, matchPattern, type PathPattern } from "./path-pattern";
import { throttled } from "./rate-limit";

/**
 * Fault injection as data, in the manner of toxiproxy's toxics: each fault matches requests by
 * method and path and affects the next `times` of them.
 * - "status": answers the status without handling the request (nothing applied), with the usual
 *   body for that status or the given `body` (a server or proxy echoing something back);
 * - "delay": waits `delayMs` (plus up to `jitterMs` more, at random), then handles the request normally;
 * - "reset": destroys the socket before the request is handled (nothing applied);
 * - "lost-response": handles and commits the request, then destroys the socket without answering;
 * - "bad-json": handles and commits the request, then answers 200 with a malformed JSON body;
 * - "applied-status": handles and commits the request, then answers the status as "status" does
 *   (a proxy's 502 for a request the server did apply).
 */
export const FaultSchema = z
  .object({
    /** Lets a test remove this fault alone. */
    name: z.string().min(1).optional(),
    /** HTTP method to match; any when omitted. */
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .optional(),
    /** Exact path, or a pattern with ":param" / "*" segments, e.g. "/api/v1/accounts/:account/automation_rules/:id". */
    path: z.string().startsWith("/"),
    kind: z.enum(["status", "delay", "reset", "lost-response", "bad-json", "applied-status"]),
    /** For "status" and "applied-status": the status to answer, e.g. 500, 502, 503, 504, 429. */
    status: z.number().int().min(400).max(599).optional(),
    /** For "status" and "applied-status": the answer's body instead of the usual one; a string is sent as it is, anything else as JSON. */
    body: z.unknown().optional(),
    /** With a `body`: its media type (default: JSON, or `text/plain` for a string body). */
    contentType: z.string().min(1).optional(),
    /** For "delay": how long to wait before handling. */
    delayMs: z.number().int().min(0).optional(),
    /** For "delay": a random extra wait of up to this long per request (a server's varying latency). */
    jitterMs: z.number().int().min(0).optional(),
    /** How many matching requests the fault affects. */
    times: z.number().int().positive().default(1),
  })
  .refine((f) => (f.kind !== "status" && f.kind !== "applied-status") || f.status !== undefined, {
    message: `kind "status" and "applied-status" need a status`,
    path: ["status"],
  })
  .refine((f) => f.kind !== "delay" || f.delayMs !== undefined, { message: 'kind "delay" needs delayMs', path: ["delayMs"] });

/** A fault as given to `inject` (`times` defaults to 1). */
export type Fault = z.input<typeof FaultSchema>;
/** A fault with its defaults applied. */
export type ParsedFault = z.output<typeof FaultSchema>;

interface ActiveFault {
  fault: ParsedFault;
  pattern: PathPattern;
  remaining: number;
}

/** The active faults, in injection order; the first that matches a request takes it. */
export class FaultStore {
  private active: ActiveFault[] = [];
  /** Requests a delay fault holds now, and who waits for there to be none. */
  private holding = 0;
  private waiting: (() => void)[] = [];

  /** Counts a request as held by a delay fault; the returned function ends that (answered or dropped). */
  hold(): () => void {
    this.holding += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holding -= 1;
      if (this.holding === 0) for (const wake of this.waiting.splice(0)) wake();
    };
  }

  /**
   * Resolves once no request is held by a delay fault: each has been handled (a write the client
   * gave up on applied, as a slow server would) or dropped by a reset. Lets a test look at the
   * state only after every request it caused has landed, without guessing a time.
   */
  settled(): Promise<void> {
    return this.holding === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Validates and adds a fault; throws a zod error naming the bad field. */
  inject(fault: Fault): void {
    const parsed = FaultSchema.parse(fault);
    this.active.push({ fault: parsed, pattern: compilePattern(parsed.path), remaining: parsed.times });
  }

  clear(): void {
    this.active = [];
  }

  /** Removes the faults with this name; true when there was one. */
  remove(name: string): boolean {
    const before = this.active.length;
    this.active = this.active.filter((a) => a.fault.name !== name);
    return this.active.length !== before;
  }

  /** The active faults with how many requests each still affects. */
  list(): (ParsedFault & { remaining: number })[] {
    return this.active.map((a) => ({ ...a.fault, remaining: a.remaining }));
  }

  /** The fault that takes this request, counting it; undefined when none matches. */
  take(method: string, segments: readonly string[]): ParsedFault | undefined {
    if (this.active.length === 0) return undefined;
    const index = this.active.findIndex((a) => (a.fault.method === undefined || a.fault.method === method) && matchPattern(a.pattern, segments) !== undefined);
    const hit = this.active[index];
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining === 0) this.active.splice(index, 1);
    return hit.fault;
  }
}

/**
 * What an injected status looks like on the wire: the fault's own `body` when it has one; else
 * Rails' JSON for 500, the reverse proxy's HTML page for 502/503/504, rack-attack's text for 429,
 * Rails' JSON for anything else.
 */
export function faultAnswer(status: number, custom: { body?: unknown; contentType?: string } = {}): ApiError {
  if (custom.body !== undefined) {
    return new ApiError(status, custom.body, custom.contentType ?? (typeof custom.body === "string" ? "text/plain" : JSON_TYPE));
  }
  if (status === 429) return throttled();
  if (status === 502 || status === 503 || status === 504) {
    const title = `${status} ${STATUS_CODES[status] ?? ""}`;
    const html = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
    return new ApiError(status, html, "text/html");
  }
  return railsError(status);
}

/** A body that is not valid JSON, made from the real one so it looks like a truncated answer. */
export function malformedJson(body: string): string {
  return body.length > 1 ? body.slice(0, Math.ceil(body.length / 2)) : '{"';
}
