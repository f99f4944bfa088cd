import { z } from "zod";
import { asPresentText } from "../diff/normalize/coerce";
import { givenFields } from "../diff/normalize/given-fields";
import { normalizeTimeZone } from "../diff/normalize/time-zone";
import { changedDays, describeDay, normalizeListedDays, normalizeWorkingHours } from "../diff/normalize/working-hours";
import { planDiff } from "../diff/diff";
import { takeOver } from "../lifecycle/adopt";
import { isNotFound } from "../http/transport/errors";
import { send } from "../lifecycle/api";
import { createOnce } from "../lifecycle/create-once";
import type { Props } from "../lifecycle/json";
import { PartialCreateError } from "../lifecycle/partial-create";
import { pick } from "../lifecycle/outputs";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import { assertWriteTaken } from "../lifecycle/verify";
import { toWire } from "../mapping";
import { accountId, lineText, name, objectId, text } from "./fields";
import { InboxChannel, changedChannelFields, channelTypeName, normalizeChannel } from "./inbox-channel";
import { forgetDeleted, inboxApi, inboxOutputs, isDeleted, settingsBody, wasDeleted, type InboxServerWire } from "./inbox-api";
import { TimeZone, WorkingHours } from "./inbox-working-hours";

export const InboxInputs = z
  .strictObject({
    /** Account that owns the inbox. Defaults to `chatwoot:accountId`. Changing it replaces the inbox. */
    accountId,
    /**
     * Name shown to agents (and to contacts, on some channels): one line, at most 255 characters;
     * for the api and web_widget channels without `/`, `\`, `<`, `>` or `@` (Chatwoot refuses
     * those there). Required to create an inbox.
     */
    name: name.optional(),
    /**
     * The channel and its settings: `{ type: "api", webhookUrl?, hmacMandatory? }` or
     * `{ type: "web_widget", websiteUrl, widgetColor?, welcomeTitle?, ... }`. Required to create an
     * inbox; leave it out when adopting an inbox of another channel type. Only the fields given are
     * managed. Changing `type` replaces the inbox.
     */
    channel: InboxChannel.optional(),
    /** Whether a greeting is sent to new conversations. */
    greetingEnabled: z.boolean().optional(),
    /** The greeting sent when `greetingEnabled` (at most 10,000 characters, Chatwoot's limit). */
    greetingMessage: text.optional(),
    /** Whether the widget asks visitors for their e-mail address. */
    enableEmailCollect: z.boolean().optional(),
    /** Whether a satisfaction survey is sent when a conversation is resolved. */
    csatSurveyEnabled: z.boolean().optional(),
    /** Whether new conversations are assigned to the inbox's agents automatically. */
    enableAutoAssignment: z.boolean().optional(),
    /** Auto-assignment settings, keys as the server names them (e.g. `{ max_assignment_limit: 5 }`, Enterprise); only the keys given are managed. */
    autoAssignmentConfig: z.record(z.string(), z.json()).optional(),
    /** Whether `workingHours` apply (outside them, `outOfOfficeMessage` answers). */
    workingHoursEnabled: z.boolean().optional(),
    /** The answer sent outside working hours (at most 10,000 characters, Chatwoot's limit). */
    outOfOfficeMessage: text.optional(),
    /** Time zone of the working hours: an IANA name such as "Europe/Berlin" (aliases compare equal). */
    timezone: TimeZone.optional(),
    /** Whether contacts may write into a resolved conversation (otherwise a new one starts). */
    allowMessagesAfterResolved: z.boolean().optional(),
    /** Whether a contact keeps one conversation in this inbox. */
    lockToSingleConversation: z.boolean().optional(),
    /** Whose name outgoing e-mail shows: `friendly` (the agent's) or `professional` (the business's). */
    senderNameType: z.enum(["friendly", "professional"], { error: "must be friendly or professional" }).optional(),
    /** Business name shown with `senderNameType: "professional"`. */
    businessName: lineText.optional(),
    /**
     * Opening hours per day of the week (0 = Sunday). Only the days listed are managed; an update
     * sends only the days that changed.
     */
    workingHours: WorkingHours.optional(),
    /** Id of the agent bot that answers the inbox; `null` removes the bot. */
    agentBotId: objectId.nullable().optional(),
    /**
     * Id of an existing inbox of the account, of any channel type, to manage instead of creating
     * one. Destroying the resource then only forgets the inbox, unless `deleteOnDestroy` is true.
     */
    adoptId: objectId.optional(),
    /**
     * For an adopted inbox: delete it on the server when the resource is destroyed (default false:
     * only forget it). Inboxes the resource created are always deleted (keep one with Pulumi's
     * `retainOnDelete` option).
     */
    deleteOnDestroy: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    // Chatwoot's name format for api, web-widget (and e-mail) inboxes refuses these characters.
    const misplaced = v.channel && v.name ? /[/\\<>@]/.exec(v.name) : null;
    if (misplaced) {
      ctx.addIssue({ code: "custom", path: ["name"], message: `must not contain "${misplaced[0]}" (Chatwoot refuses /, \\, <, > and @ in the names of ${v.channel!.type} inboxes)` });
    }
    if (v.adoptId !== undefined) return;
    const required = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (v.name === undefined) required(["name"], "required to create an inbox (or set adoptId to manage an existing one)");
    if (v.channel === undefined) {
      required(["channel"], 'required to create an inbox: { type: "api" } or { type: "web_widget", websiteUrl } (or set adoptId to manage an existing inbox)');
    } else if (v.channel.type === "web_widget" && v.channel.websiteUrl === undefined) {
      required(["channel", "websiteUrl"], "required to create a web_widget inbox");
    }
  });
export type InboxInputs = z.input<typeof InboxInputs>;
type Inputs = z.output<typeof InboxInputs>;

const CONTROL_KEYS = ["adoptId"] as const;
const managedKeys = managedKeysOf(InboxInputs, CONTROL_KEYS);

/** How each property compares (see the normalizers). */
const normalizers = {
  channel: normalizeChannel,
  // Derived from channel.type by `prepare`; compared in that short form (`web_widget`, not `Channel::WebWidget`).
  channelType: channelTypeName,
  workingHours: normalizeListedDays,
  timezone: normalizeTimeZone,
  autoAssignmentConfig: givenFields(),
  // The server stores "" for a text cleared in the dashboard.
  greetingMessage: asPresentText,
  outOfOfficeMessage: asPresentText,
  businessName: asPresentText,
  deleteOnDestroy: (v: unknown) => v === true,
};

/**
 * Applies the changed properties: one PATCH with the changed settings, the changed channel fields
 * under `channel` and only the changed days under `working_hours` (Chatwoot updates each listed day
 * and leaves the others); a changed bot through `set_agent_bot` alone. Then reads the inbox back:
 * a property the server answered with success but did not take is an error naming it.
 */
async function write(inputs: Inputs, id: string, olds: Props, changed: readonly string[], adopted: boolean): Promise<Props> {
  const api = inboxApi(inputs.accountId, id);
  const body = settingsBody(inputs, changed);
  if (changed.includes("channel") && inputs.channel) {
    const fields = changedChannelFields(inputs.channel, olds.channel);
    if (fields.length > 0) body.channel = toWire(pick(inputs.channel, fields));
  }
  const days = changed.includes("workingHours") ? changedDays(inputs.workingHours, olds.workingHours) : [];
  if (days.length > 0) body.working_hours = toWire(days);

  const requests: string[] = [];
  if (Object.keys(body).length > 0) requests.push(await api.patch(body));
  if (changed.includes("agentBotId")) requests.push(await api.setBot(inputs.agentBotId ?? null));
  // Nothing for the server (only deleteOnDestroy changed): the state takes the new value.
  if (requests.length === 0) return { ...olds, deleteOnDestroy: inputs.deleteOnDestroy };

  const request = requests.join(" and ");
  const outs = await api.outputs(inputs, adopted);
  if (!outs) throw new Error(`${request}: account ${inputs.accountId} has no inbox ${id} any more (deleted outside Pulumi? run \`pulumi refresh\`)`);
  const ignored = changedDays(inputs.workingHours, outs.workingHours);
  if (days.length > 0 && ignored.length > 0) {
    const held = normalizeWorkingHours(outs.workingHours);
    throw new Error(
      `${request}: the server answered with success but did not take workingHours for ` +
        ignored.map((day) => `${describeDay(day)} (it still holds ${describeDay(held[day.dayOfWeek])})`).join(", ") +
        "; Chatwoot skips a day it finds invalid without saying so",
    );
  }
  assertWriteTaken({ keys: changed.filter((k) => k !== "workingHours" && k !== "deleteOnDestroy"), inputs, outs, normalizers, request });
  return outs;
}

/**
 * Whether an inbox is what a create with these inputs makes: inbox names repeat, so it is one with
 * the sent name and channel type. Create recovery takes only one that is new since the POST (see
 * `createOnce`), so an older inbox with the same name, or one this deployment deleted that the
 * server still lists, is never taken for it.
 */
function sameInbox(inputs: Inputs, inbox: InboxServerWire): boolean {
  return inbox.name === inputs.name && channelTypeName(inbox.channel_type) === inputs.channel?.type;
}

/** Takes over inbox `adoptId` and changes what differs from the program, in one PATCH (and the bot). */
async function adopt(inputs: Inputs, adoptId: number): Promise<{ id: string; outs: Props }> {
  const id = String(adoptId);
  const api = inboxApi(inputs.accountId, id);
  // Chatwoot still shows an inbox it is deleting in the background: one this deployment deleted is gone.
  const wire = isDeleted(inputs.accountId, id) ? undefined : await api.get();
  if (!wire) {
    const why = isDeleted(inputs.accountId, id) ? "was deleted by this deployment" : "does not exist in this account";
    throw new Error(`adoptId ${id}: account ${inputs.accountId} has no inbox ${id} to adopt (it ${why})`);
  }
  const type = channelTypeName(wire.channel_type);
  if (inputs.channel && inputs.channel.type !== type) {
    throw new Error(
      `adoptId ${id}: inbox ${id} is a ${wire.channel_type ?? "channel-less"} inbox, not ${inputs.channel.type}; ` +
        "leave channel out to manage only its inbox settings",
    );
  }
  const agentBotId = inputs.agentBotId === undefined ? undefined : await api.bot();
  const current = inboxOutputs(inputs, wire, { agentBotId, adopted: true });
  return takeOver({ id, current, inputs, keys: managedKeys, normalizers, patch: (changed) => write(inputs, id, current, changed, true) });
}

/** An inbox (`/inboxes`): API and web-widget inboxes are created, any inbox can be adopted; id: the inbox id. */
export const inbox = defineResource({
  inputs: InboxInputs,
  account: "required",
  controlKeys: CONTROL_KEYS,
  derivedKeys: ["channelType"],
  replaceOn: ["accountId", "channelType"],
  normalizers,

  async prepare(inputs) {
    // The channel type is compared on its own, so that changing it (and only that) replaces the inbox.
    return { inputs: { ...inputs, channelType: inputs.channel?.type }, failures: [] };
  },

  async create(inputs) {
    if (inputs.adoptId !== undefined) return adopt(inputs, inputs.adoptId);
    const api = inboxApi(inputs.accountId);
    // A new inbox has no bot and Chatwoot's default week; the POST carries neither working hours nor
    // the bot (and older servers take fewer settings on create): what still differs is PATCHed now,
    // and should that fail, the inbox stays in the state for the next `up` to finish.
    const createdOutputs = (inbox: InboxServerWire) =>
      inboxOutputs(inputs, inbox, { agentBotId: inputs.agentBotId === undefined ? undefined : null, adopted: false });
    const created = await createOnce({
      request: `POST ${api.collection}`,
      noun: "inbox",
      post: () => api.create({ ...settingsBody(inputs, managedKeys), channel: toWire(inputs.channel) }),
      list: () => api.list(),
      matches: (inbox) => sameInbox(inputs, inbox),
      outputs: createdOutputs,
    });
    const id = String(created.id);
    forgetDeleted(inputs.accountId, id); // a server reset can hand out an id again (test servers do)
    const outs = createdOutputs(created);
    const { changed } = planDiff({ keys: managedKeys, olds: outs, news: inputs, normalizers });
    if (changed.length === 0) return { id, outs };
    try {
      return { id, outs: await write(inputs, id, outs, changed, false) };
    } catch (err) {
      throw new PartialCreateError(id, outs, err);
    }
  },

  async read(id, olds) {
    return inboxApi((olds as Inputs).accountId, id).outputs(olds, olds.adopted === true);
  },

  async update(id, olds, news, changed) {
    return write(news, id, olds, changed, olds.adopted === true);
  },

  async delete(id, olds) {
    const account = (olds as Inputs).accountId;
    // An adopted inbox was there before the stack: destroying the stack forgets it unless told otherwise.
    if (olds.adopted === true && olds.deleteOnDestroy !== true) return;
    try {
      // Newer servers answer 200 with a message and delete in a background job: that is done.
      await send({ method: "DELETE", path: inboxApi(account, id).path });
      wasDeleted(account, id);
    } catch (err) {
      if (!isNotFound(err)) throw err; // already gone
    }
  },
});
