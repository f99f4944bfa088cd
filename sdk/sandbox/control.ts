import { z } from "zod";
import type { ApiResult } from "./call";
import type { Fault, ParsedFault } from "./faults";
import type { SandboxInfo } from "./info";
import { Edition, resolveRateLimit, ShapeMode, type RateLimitSetting } from "./options";
import type { LogEntry } from "./request-log";
import type { SandboxRuntime } from "./runtime";
import type { ControlHandler } from "./server";
import { runScheduledCampaigns } from "./models/campaigns";
import { REVIEW_STATUSES, reviewTemplates } from "./models/csat-templates";
import type { SandboxState } from "./state";

/** Test controls of a running sandbox (moto's `/moto-api`, in process). */
export interface SandboxControl {
  /** Every API request since start, reset or clearLog, in completion order. */
  log(): LogEntry[];
  /** Empties the request log (numbering goes on). */
  clearLog(): void;
  /** State back to the fixture (same tokens); clears the log and the faults. Shapes and rate limit stay. */
  reset(): void;
  /** Adds a fault (validated; throws on a bad one). */
  inject(fault: Fault): void;
  /** Removes every active fault. */
  clearFaults(): void;
  /** Removes the faults with this name; false when there was none. */
  removeFault(name: string): boolean;
  /** Active faults with the number of requests each still affects. */
  faults(): (ParsedFault & { remaining: number })[];
  /**
   * Resolves once no request is held by a delay fault: each has been handled (applied, even when
   * its client gave up waiting) or dropped by a reset. Look at the state after this to see every
   * write a test caused, late ones included.
   */
  settled(): Promise<void>;
  /** Response shapes from now on: "chatwoot" (what current servers send) or "documented". */
  setShapes(mode: ShapeMode): void;
  /**
   * The edition the sandbox plays from now on (kept across resets): `enterprise` or `community`,
   * where SLA policies and custom roles answer Rails' routing 404 (see `Edition`).
   */
  setEdition(edition: Edition): void;
  /**
   * Turns an account's feature flags on (true) or off (false), e.g. `{ sla: false }`, as a super
   * administrator does; the others stay. Answers the flags now on. A reset restores the fixture's.
   */
  setFeatures(accountId: number, features: Record<string, boolean>): string[];
  /** Requests per period per client (a number: per minute); null turns the limit off. */
  setRateLimit(limit: RateLimitSetting | null): void;
  /**
   * The server's clock runs `offsetMs` ahead of this machine's from now on (negative: behind), as
   * on a server whose clock is off: its `Date` headers and rate-limit windows follow it.
   */
  setClockOffset(offsetMs: number): void;
  /** A deep copy of the in-memory state, including what the API never echoes (avatar digests), without credentials. */
  snapshot(): ReturnType<SandboxState["snapshot"]>;
  /**
   * The API access token of a user (a user a Platform App created, say), for signing in to the
   * account API as them; undefined when there is no such user.
   */
  userToken(userId: number): string | undefined;
  /**
   * Gives a user a new API access token, as the Reset button of their Profile settings does: the
   * old one is refused from then on (401 `Invalid Access Token`). Answers the new token, or
   * undefined when there is no such user. `info` keeps the seed's token, which a reset gives back.
   */
  rotateUserToken(userId: number): string | undefined;
  /** Every secret this sandbox issued (user, platform-app and bot tokens, website and HMAC tokens, webhook secrets), to search output for. */
  secrets(): string[];
  /**
   * How many later lookups by id still find an inbox after its DELETE was answered (upstream
   * deletes in a background job); 0, the default, deletes at once. A reset sets it back to 0.
   */
  setInboxDeletionLag(lookups: number): void;
  /**
   * Runs upstream's scheduled-campaign job at the sandbox's clock: each active one-off campaign
   * scheduled in the last three days is marked completed (nothing is sent). Answers their display ids.
   */
  runScheduledCampaigns(): number[];
  /**
   * Plays Meta's review of the WhatsApp survey templates waiting for it (PENDING), of one inbox or
   * all: each becomes APPROVED or REJECTED, as the next show of its inbox says. Answers their names.
   */
  reviewCsatTemplates(status: "APPROVED" | "REJECTED", inboxId?: number): string[];
}

export function createControl(runtime: SandboxRuntime): SandboxControl {
  return {
    log: () => runtime.log.list(),
    clearLog: () => runtime.log.clear(),
    reset: () => runtime.reset(),
    inject: (fault) => runtime.faults.inject(fault),
    clearFaults: () => runtime.faults.clear(),
    removeFault: (name) => runtime.faults.remove(name),
    faults: () => runtime.faults.list(),
    settled: () => runtime.faults.settled(),
    setShapes: (mode) => {
      runtime.shapes = ShapeMode.parse(mode);
    },
    setEdition: (edition) => {
      runtime.edition = Edition.parse(edition);
    },
    setFeatures: (accountId, features) => {
      const account = runtime.state.accounts.get(accountId);
      if (!account) throw new Error(`the sandbox has no account ${accountId}`);
      const flags = FeaturesBody.parse(features);
      const on = new Set(account.features);
      for (const [name, enabled] of Object.entries(flags)) {
        if (enabled) on.add(name);
        else on.delete(name);
      }
      account.features = [...on].sort();
      return account.features;
    },
    setRateLimit: (limit) => runtime.setRateLimit(limit === null ? null : resolveRateLimit(limit)),
    setClockOffset: (offsetMs) => {
      runtime.clockOffsetMs = ClockOffset.parse(offsetMs);
    },
    snapshot: () => runtime.state.snapshot(),
    secrets: () => runtime.secrets.all(),
    userToken: (userId) => runtime.state.users.get(userId)?.access_token,
    rotateUserToken: (userId) => {
      const user = runtime.state.users.get(userId);
      if (!user) return undefined;
      runtime.state.tokens.delete(user.access_token);
      user.access_token = runtime.state.secrets.fresh();
      runtime.state.tokens.set(user.access_token, { kind: "user", id: user.id });
      return user.access_token;
    },
    setInboxDeletionLag: (lookups) => {
      runtime.state.inboxDeletionLag = DeletionLag.parse(lookups);
    },
    runScheduledCampaigns: () => runScheduledCampaigns(runtime.state, runtime.now()).map((id) => runtime.state.campaigns.get(id)?.display_id ?? id),
    reviewCsatTemplates: (status, inboxId) => {
      const review = ReviewBody.parse({ status, inboxId });
      return reviewTemplates(runtime.state, review.status, review.inboxId);
    },
  };
}

const ShapesBody = z.object({ mode: ShapeMode });
const EditionBody = z.object({ edition: Edition });
const FeaturesBody = z.record(z.string().regex(/^[a-z0-9_]+$/, "a feature flag's name"), z.boolean());
const ClockOffset = z.number().int().safe();
const ClockBody = z.object({ offsetMs: ClockOffset });
const DeletionLag = z.number().int().min(0);
const DeletionLagBody = z.object({ lookups: DeletionLag });
const ReviewBody = z.object({ status: z.enum(REVIEW_STATUSES), inboxId: z.number().int().positive().optional() });
const NO_CONTENT: ApiResult = { status: 204 };

/**
 * The same controls over HTTP, under `/__sandbox` (a prefix real servers never use):
 * GET /info, GET|DELETE /log, POST /reset, GET|POST|DELETE /faults, DELETE /faults/:name,
 * GET|PUT /shapes ({"mode"}), GET|PUT /rate-limit (a number, {"limit","periodMs"} or null),
 * GET|PUT /clock ({"offsetMs"}), GET /state, GET /secrets, GET /users/:id/token, POST /users/:id/token (a new one),
 * GET|PUT /inbox-deletion-lag ({"lookups"}), POST /campaigns/run (the display ids completed),
 * POST /csat-templates/review ({"status": "APPROVED"|"REJECTED", "inboxId"?}: the names reviewed),
 * GET|PUT /edition ({"edition"}), GET|PUT /accounts/:id/features ({"name": true|false, ...}).
 */
export function createControlHandler(runtime: SandboxRuntime, control: SandboxControl, info: () => SandboxInfo): ControlHandler {
  return (method, path, raw) => {
    try {
      const body = (): unknown => JSON.parse(raw.toString("utf8") || "null");
      const route = `${method} ${path.replace(/\/+$/, "")}`;
      switch (route) {
        case "GET /info":
          return { status: 200, body: info() };
        case "GET /log":
          return { status: 200, body: control.log() };
        case "DELETE /log":
          control.clearLog();
          return NO_CONTENT;
        case "POST /reset":
          control.reset();
          return NO_CONTENT;
        case "GET /faults":
          return { status: 200, body: control.faults() };
        case "POST /faults":
          control.inject(body() as Fault);
          return { status: 201, body: control.faults() };
        case "DELETE /faults":
          control.clearFaults();
          return NO_CONTENT;
        case "GET /shapes":
          return { status: 200, body: { mode: runtime.shapes } };
        case "PUT /shapes":
          control.setShapes(ShapesBody.parse(body()).mode);
          return NO_CONTENT;
        case "GET /rate-limit":
          return { status: 200, body: runtime.limiter ? { limit: runtime.limiter.limit, periodMs: runtime.limiter.periodMs } : null };
        case "PUT /rate-limit":
          control.setRateLimit(body() as RateLimitSetting | null);
          return NO_CONTENT;
        case "GET /clock":
          return { status: 200, body: { offsetMs: runtime.clockOffsetMs, now: new Date(runtime.now()).toISOString() } };
        case "PUT /clock":
          control.setClockOffset(ClockBody.parse(body()).offsetMs);
          return NO_CONTENT;
        case "GET /state":
          return { status: 200, body: control.snapshot() };
        case "GET /secrets":
          return { status: 200, body: control.secrets() };
        case "GET /inbox-deletion-lag":
          return { status: 200, body: { lookups: runtime.state.inboxDeletionLag } };
        case "GET /edition":
          return { status: 200, body: { edition: runtime.edition } };
        case "PUT /edition":
          control.setEdition(EditionBody.parse(body()).edition);
          return NO_CONTENT;
        case "POST /campaigns/run":
          return { status: 200, body: { completed: control.runScheduledCampaigns() } };
        case "POST /csat-templates/review": {
          const review = ReviewBody.parse(body());
          return { status: 200, body: { reviewed: control.reviewCsatTemplates(review.status, review.inboxId) } };
        }
        case "PUT /inbox-deletion-lag":
          control.setInboxDeletionLag(DeletionLagBody.parse(body()).lookups);
          return NO_CONTENT;
      }
      const features = /^(GET|PUT) \/accounts\/(\d+)\/features$/.exec(route);
      if (features) {
        const accountId = Number(features[2]);
        const account = runtime.state.accounts.get(accountId);
        if (!account) return { status: 404, body: { error: `no account ${accountId}` } };
        const enabled = features[1] === "PUT" ? control.setFeatures(accountId, FeaturesBody.parse(body())) : [...account.features].sort();
        return { status: 200, body: { features: enabled } };
      }
      const userToken = /^(GET|POST) \/users\/(\d+)\/token$/.exec(route);
      if (userToken) {
        const userId = Number(userToken[2]);
        const token = userToken[1] === "POST" ? control.rotateUserToken(userId) : control.userToken(userId);
        return token === undefined ? { status: 404, body: { error: `no user ${userId}` } } : { status: 200, body: { token } };
      }
      const named = /^DELETE \/faults\/(.+)$/.exec(route);
      if (named?.[1]) return control.removeFault(decodeURIComponent(named[1])) ? NO_CONTENT : { status: 404, body: { error: "no such fault" } };
      return { status: 404, body: { error: `unknown control endpoint: ${method} ${path}` } };
    } catch (error) {
      const message = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
      return { status: 400, body: { error: message } };
    }
  };
}
