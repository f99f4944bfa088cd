/**
 * The inbox endpoints the `Inbox` resource uses, the server's inbox read into outputs, and the
 * inboxes this process deleted.
 */
import { connection } from "../../config";
import { ianaTimeZone } from "./time-zone";
import { heldDays } from "./working-hours";
import { call, send, unlessNotFound } from "../../lifecycle/api";
import type { Props } from "../../lifecycle/json";
import { pick } from "../../lifecycle/outputs";
import { toWire } from "../../mapping";
import { InboxBot, inboxFromWire, InboxServerWire } from "../../wire/inbox";
import { list, single } from "../../wire/envelope";
import { PortalWire } from "../../wire/portal";
import { accountPath } from "../../wire/paths";
import { channelView } from "./channel";
import { credentialOutputs } from "./credentials";
import { csatConfigBody, csatConfigOutput, type CsatConfig } from "./csat";

/** Inbox settings sent as top-level fields, as they are (the channel, hours and bot go their own ways). */
export const SETTINGS = [
  "name",
  "greetingEnabled",
  "greetingMessage",
  "enableEmailCollect",
  "csatSurveyEnabled",
  "enableAutoAssignment",
  "autoAssignmentConfig",
  "workingHoursEnabled",
  "outOfOfficeMessage",
  "timezone",
  "allowMessagesAfterResolved",
  "lockToSingleConversation",
  "senderNameType",
  "businessName",
] as const;

/** What the server says besides the settings, in every output (tokens and the widget script are secret outputs). */
const SERVER_FIELDS = ["channelId", "avatarUrl", "inboxIdentifier", "callbackWebhookUrl", "websiteToken", "hmacToken", "webWidgetScript"] as const;

/**
 * The request fields (snake_case) for the settings among `keys`; a Rails time-zone name goes as its
 * IANA zone, the CSAT config whole (with the template `heldCsat` holds), the portal as `portal_id`.
 */
export function settingsBody(inputs: Props, keys: readonly string[], heldCsat?: unknown): Props {
  const body = toWire(pick(inputs, SETTINGS.filter((k) => keys.includes(k)))) as Props;
  if (typeof body.timezone === "string") body.timezone = ianaTimeZone(body.timezone);
  if (keys.includes("csatConfig") && inputs.csatConfig !== undefined) body.csat_config = csatConfigBody(inputs.csatConfig as CsatConfig, heldCsat);
  if (keys.includes("portalId") && inputs.portalId !== undefined) body.portal_id = inputs.portalId;
  return body;
}

/**
 * Complete outputs: `base` (the inputs, or the last outputs), overlaid with what the server holds:
 * every setting (null where the server has none, so a setting an older server lacks shows), the
 * working hours of the days `base` lists (the whole week when it lists none), the channel in the
 * form of the `channel` input and its type (`channelType`, e.g. `web_widget`), the server's own
 * fields, the bot when it is managed, and whether the inbox was adopted (delete reads it).
 */
export function inboxOutputs(base: Props, wire: InboxServerWire, extra: InboxExtra): Props {
  const inbox = inboxFromWire(wire) as Props;
  const outs: Props = { ...base };
  for (const key of [...SETTINGS, ...SERVER_FIELDS]) outs[key] = inbox[key] ?? null;
  outs.csatConfig = csatConfigOutput(wire.csat_config);
  outs.workingHours = inbox.workingHours == null ? null : heldDays(base.workingHours, inbox.workingHours);
  const channel = channelView(inbox);
  outs.channel = channel;
  outs.channelType = channel.type;
  outs.credentials = credentialOutputs({
    type: channel.type as string | null,
    given: base.credentials,
    shown: (path) => {
      const [head, key] = path.split(".") as [string, string | undefined];
      const value = key === undefined ? (wire as Props)[head] : ((wire as Props)[head] as Props | null)?.[key];
      return typeof value === "string" ? value : null;
    },
    previous: extra.previousCredentials,
    sent: extra.credentialsSent,
  });
  if (extra.agentBotId !== undefined) outs.agentBotId = extra.agentBotId;
  if (extra.portalId !== undefined) outs.portalId = extra.portalId;
  outs.adopted = extra.adopted;
  return outs;
}

/** What the outputs know besides the server's inbox. */
export interface InboxExtra {
  /** The bot, where the resource manages it. */
  agentBotId?: number | null;
  /** The linked portal's id, where the resource manages it (servers show it by slug). */
  portalId?: number | null;
  adopted: boolean;
  /** The last outputs' credential digests, kept where they still match. */
  previousCredentials?: unknown;
  /** Whether the given credentials were sent (false for an inbox about to be adopted). */
  credentialsSent: boolean;
}

/**
 * Inboxes this process deleted. Newer Chatwoot servers delete an inbox in a background job and keep
 * answering for it until the job has run; reading one of these must not bring it back.
 */
const deleted = new Set<string>();
const deletionKey = (account: number, id: string | number) => `${connection().url} ${account} ${id}`;

/** Records that this process deleted the inbox. */
export function wasDeleted(account: number, id: string | number): void {
  deleted.add(deletionKey(account, id));
}

/** Forgets that this process deleted the inbox (its id was handed out again). */
export function forgetDeleted(account: number, id: string | number): void {
  if (deleted.size > 0) deleted.delete(deletionKey(account, id));
}

/** Whether this process deleted the inbox (the server may still show it for a while). */
export function isDeleted(account: number, id: string | number): boolean {
  return deleted.size > 0 && deleted.has(deletionKey(account, id));
}

/** The endpoints of the inboxes of `account`, and of inbox `id` when given. */
export function inboxApi(account: number, id: string | number = "") {
  const collection = accountPath(account, "inboxes");
  const path = accountPath(account, "inboxes", id);
  const api = {
    path,
    collection,
    /** The account's inboxes. */
    list: () => call(list(InboxServerWire), { method: "GET", path: collection }),
    create: (json: object) => call(single(InboxServerWire), { method: "POST", path: collection, json }),
    /** The inbox, or `undefined` when the server says 404. */
    get: () => unlessNotFound(() => call(single(InboxServerWire), { method: "GET", path })),
    bot: () => call(InboxBot, { method: "GET", path: `${path}/agent_bot` }),
    /**
     * The id of the help center linked to the inbox, which servers show by slug only
     * (`help_center`): looked up among the account's portals; null when there is none, or when the
     * slug is not one of this account's portals.
     */
    async portalOf(inbox: InboxServerWire): Promise<number | null> {
      const slug = inbox.help_center?.slug;
      if (typeof slug !== "string") return null;
      const portals = await call(list(PortalWire), { method: "GET", path: accountPath(account, "portals") });
      return portals.find((p) => p.slug === slug)?.id ?? null;
    },
    /** PATCH; an answer that is lost or unreadable after the change was applied still counts. Returns the request, for messages. */
    async patch(json: object): Promise<string> {
      await send({ method: "PATCH", path, json });
      return `PATCH ${path}`;
    },
    /** Sets (or, with null, removes) the inbox's bot; repeating it is harmless. Returns the request, for messages. */
    async setBot(agentBot: number | null): Promise<string> {
      const req = { method: "POST", path: `${path}/set_agent_bot`, json: { agent_bot: agentBot }, idempotent: true } as const;
      await send(req);
      return `${req.method} ${req.path}`;
    },
  };
  return api;
}
