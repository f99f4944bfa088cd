/**
 * The inbox endpoints the `Inbox` resource uses, the server's inbox read into outputs, and the
 * inboxes this process deleted.
 */
import { connection } from "../../config";
import { ianaTimeZone } from "../../diff/normalize/time-zone";
import { heldDays } from "../../diff/normalize/working-hours";
import { call, send, unlessNotFound } from "../../lifecycle/api";
import type { Props } from "../../lifecycle/json";
import { pick } from "../../lifecycle/outputs";
import { toWire } from "../../mapping";
import { InboxBot, inboxFromWire, InboxServerWire } from "../../wire/inbox";
import { single } from "../../wire/envelope";
import { accountPath } from "../../wire/paths";
import { channelView } from "./channel";

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
const SERVER_FIELDS = ["channelId", "avatarUrl", "inboxIdentifier", "websiteToken", "hmacToken", "webWidgetScript"] as const;

/** The request fields (snake_case) for the settings among `keys`; a Rails time-zone name goes as its IANA zone. */
export function settingsBody(inputs: Props, keys: readonly string[]): Props {
  const body = toWire(pick(inputs, SETTINGS.filter((k) => keys.includes(k)))) as Props;
  if (typeof body.timezone === "string") body.timezone = ianaTimeZone(body.timezone);
  return body;
}

/**
 * Complete outputs: `base` (the inputs, or the last outputs), overlaid with what the server holds:
 * every setting (null where the server has none, so a setting an older server lacks shows), the
 * working hours of the days `base` lists (the whole week when it lists none), the channel in the
 * form of the `channel` input and its type (`channelType`, e.g. `web_widget`), the server's own
 * fields, the bot when it is managed, and whether the inbox was adopted (delete reads it).
 */
export function inboxOutputs(base: Props, wire: InboxServerWire, extra: { agentBotId?: number | null; adopted: boolean }): Props {
  const inbox = inboxFromWire(wire) as Props;
  const outs: Props = { ...base };
  for (const key of [...SETTINGS, ...SERVER_FIELDS]) outs[key] = inbox[key] ?? null;
  outs.workingHours = inbox.workingHours == null ? null : heldDays(base.workingHours, inbox.workingHours);
  const channel = channelView(inbox);
  outs.channel = channel;
  outs.channelType = channel.type;
  if (extra.agentBotId !== undefined) outs.agentBotId = extra.agentBotId;
  outs.adopted = extra.adopted;
  return outs;
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
    create: (json: object) => call(single(InboxServerWire), { method: "POST", path: collection, json }),
    /** The inbox, or `undefined` when the server says 404. */
    get: () => unlessNotFound(() => call(single(InboxServerWire), { method: "GET", path })),
    bot: () => call(InboxBot, { method: "GET", path: `${path}/agent_bot` }),
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
