import { z } from "zod";
import { asPresentText } from "../../diff/normalize/coerce";
import { givenFields } from "../../diff/normalize/given-fields";
import { normalizeTimeZone } from "../../diff/normalize/time-zone";
import { changedDays, describeDay, heldDays, normalizeListedDays, normalizeWorkingHours } from "../../diff/normalize/working-hours";
import { send } from "../../lifecycle/api";
import { defineCollectionResource } from "../../lifecycle/collection";
import type { Props } from "../../lifecycle/json";
import { pick } from "../../lifecycle/outputs";
import { managedKeysOf } from "../../lifecycle/resource";
import { toWire } from "../../mapping";
import { accountId, lineText, name, objectId, text } from "../../validation/fields";
import { InboxChannel, changedChannelFields, channelTypeName, normalizeChannel } from "./channel";
import { forgetDeleted, inboxApi, inboxOutputs, isDeleted, settingsBody, wasDeleted } from "./requests";
import { InboxServerWire } from "../../wire/inbox";
import { TimeZone, WorkingHours } from "../../validation/working-hours";

/** The checks of `InboxArgs` (sdk/inbox.ts, where each argument is documented). */
export const InboxInputs = z
  .strictObject({
    accountId,
    name: name.optional(),
    channel: InboxChannel.optional(),
    greetingEnabled: z.boolean().optional(),
    greetingMessage: text.optional(),
    enableEmailCollect: z.boolean().optional(),
    csatSurveyEnabled: z.boolean().optional(),
    enableAutoAssignment: z.boolean().optional(),
    autoAssignmentConfig: z.record(z.string(), z.json()).optional(),
    workingHoursEnabled: z.boolean().optional(),
    outOfOfficeMessage: text.optional(),
    timezone: TimeZone.optional(),
    allowMessagesAfterResolved: z.boolean().optional(),
    lockToSingleConversation: z.boolean().optional(),
    senderNameType: z.enum(["friendly", "professional"], { error: "must be friendly or professional" }).optional(),
    businessName: lineText.optional(),
    workingHours: WorkingHours.optional(),
    agentBotId: objectId.nullable().optional(),
    adoptId: objectId.optional(),
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

const managedKeys = managedKeysOf(InboxInputs, ["adoptId"]);

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

/** An inbox as read for the resource: the server's inbox, with its bot where the resource manages it. */
type InboxObject = InboxServerWire & { agentBotId?: number | null };

/**
 * One write of the changed properties: one PATCH with the changed settings, the changed channel
 * fields under `channel` and only the changed days under `working_hours` (Chatwoot updates each
 * listed day and leaves the others); a changed bot through `set_agent_bot` alone. Then the inbox is
 * read back: a day the server answered with success but did not take is an error naming it.
 */
async function write(inputs: Inputs, id: string, keys: readonly string[], current: Props): Promise<InboxObject> {
  const api = inboxApi(inputs.accountId, id);
  const body = settingsBody(inputs, keys);
  if (keys.includes("channel") && inputs.channel) {
    const fields = changedChannelFields(inputs.channel, current.channel);
    if (fields.length > 0) body.channel = toWire(pick(inputs.channel, fields));
  }
  const days = keys.includes("workingHours") ? changedDays(inputs.workingHours, current.workingHours) : [];
  if (days.length > 0) body.working_hours = toWire(days);
  const requests: string[] = [];
  if (Object.keys(body).length > 0) requests.push(await api.patch(body));
  if (keys.includes("agentBotId")) requests.push(await api.setBot(inputs.agentBotId ?? null));

  const after = await read(inputs, id);
  if (!after) throw new Error(`${requests.join(" and ")}: account ${inputs.accountId} has no inbox ${id} any more (deleted outside Pulumi? run \`pulumi refresh\`)`);
  const held = after.working_hours == null ? null : heldDays(inputs.workingHours, after.working_hours);
  const ignored = changedDays(inputs.workingHours, held);
  if (days.length > 0 && ignored.length > 0) {
    const week = normalizeWorkingHours(held);
    throw new Error(
      `${requests.join(" and ")}: the server answered with success but did not take workingHours for ` +
        ignored.map((day) => `${describeDay(day)} (it still holds ${describeDay(week[day.dayOfWeek])})`).join(", ") +
        "; Chatwoot skips a day it finds invalid without saying so",
    );
  }
  return after;
}

/**
 * The inbox, or `undefined` when it is gone: a 404, or deleted by this process (newer servers keep
 * showing an inbox they delete in a background job). Its bot is read when `props` manage it.
 */
async function read(props: Props, id: string): Promise<InboxObject | undefined> {
  const account = props.accountId as number;
  if (isDeleted(account, id)) return undefined;
  const api = inboxApi(account, id);
  const wire = await api.get();
  if (!wire) return undefined;
  return props.agentBotId === undefined ? wire : { ...wire, agentBotId: await api.bot() };
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

/**
 * An inbox (`/inboxes`): API and web-widget inboxes are created, any inbox can be adopted with
 * `adoptId`; id: the inbox id. A create sends one POST, then what it could not carry (working
 * hours, the bot, settings older servers take only on update) in one more write.
 */
export const inbox = defineCollectionResource({
  inputs: InboxInputs,
  path: "inboxes",
  noun: "inbox",
  wire: InboxServerWire,
  show: "member",
  sameContent: sameInbox,
  adoptById: {
    async find(inputs, id) {
      const why = isDeleted(inputs.accountId, id) ? "was deleted by this deployment" : "does not exist in this account";
      return (await read(inputs, String(id))) ?? `account ${inputs.accountId} has no inbox ${id} to adopt (it ${why})`;
    },
    refuse(inputs, wire) {
      const type = channelTypeName(wire.channel_type);
      if (!inputs.channel || inputs.channel.type === type) return undefined;
      return `inbox ${wire.id} is a ${wire.channel_type ?? "channel-less"} inbox, not ${inputs.channel.type}; leave channel out to manage only its inbox settings`;
    },
  },
  stateOnlyKeys: ["deleteOnDestroy"],
  derivedKeys: ["channelType"],
  replaceOn: ["channelType"],
  normalizers,
  async prepare(inputs) {
    // The channel type is compared on its own, so that changing it (and only that) replaces the inbox.
    return { inputs: { ...inputs, channelType: inputs.channel?.type }, failures: [] };
  },
  // Reads carry the bot wherever it is managed; a new inbox (answered, or found after a lost answer) has none.
  outputs: (base, inbox: InboxObject) =>
    inboxOutputs(base, inbox, { agentBotId: base.agentBotId === undefined ? undefined : (inbox.agentBotId ?? null), adopted: base.adopted === true }),
  complete: true,
  // A server reset can hand out a deleted inbox's id again (test servers do).
  created: (inputs, inbox) => forgetDeleted(inputs.accountId, inbox.id),
  api: () => ({
    get: read,
    post: (inputs) => inboxApi(inputs.accountId).create({ ...settingsBody(inputs, managedKeys), channel: toWire(inputs.channel) }),
    patch: (inputs, id, keys, current) => write(inputs, id, keys, current),
    async remove(props, id) {
      // An adopted inbox was there before the stack: destroying the stack forgets it unless told otherwise.
      if (props.adopted === true && props.deleteOnDestroy !== true) return;
      // Newer servers answer 200 with a message and delete in a background job: that is done.
      await send({ method: "DELETE", path: inboxApi(props.accountId as number, id).path });
      wasDeleted(props.accountId as number, id);
    },
  }),
});
