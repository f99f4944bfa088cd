/**
 * An inbox as the lifecycle steps reach it (`ObjectKind`): it is no plain collection object, since
 * a write is a PATCH of the changed settings plus the bot's own request, reads bring the bot and
 * portal along, and newer servers delete in a background job.
 */
import type { z } from "zod";
import type { InboxServerWire } from "../../wire/inbox";
import { markAdopted } from "../../lifecycle/adopt";
import { send } from "../../lifecycle/api";
import type { ObjectKind } from "../../lifecycle/collection";
import type { Props } from "../../lifecycle/json";
import { managedKeysOf } from "../../lifecycle/resource";
import { toWire } from "../../mapping";
import { changedChannelFields, channelBody, channelTypeName } from "./channel";
import { PROVIDER_CONFIG_KEYS } from "./channel-credentialed";
import { changedCredentials, rememberGiven } from "./credentials";
import { InboxInputs, normalizers } from "./inputs";
import { forgetDeleted, inboxApi, inboxOutputs, isDeleted, settingsBody, wasDeleted } from "./requests";
import { changedDays, describeDay, heldDays, normalizeWorkingHours } from "./working-hours";

type Inputs = z.output<typeof InboxInputs>;

/** The inputs the inbox manages (every one but `adoptId`). */
const managedKeys = managedKeysOf(InboxInputs, ["adoptId"]);

/**
 * An inbox as read for the resource: the server's inbox, with its bot and portal where the resource
 * manages them, and, after a write, the credential digests the outputs had before it.
 */
type InboxObject = InboxServerWire & { agentBotId?: number | null; portalId?: number | null; previousCredentials?: unknown; credentialsSent?: boolean };

/**
 * One write of the changed properties: one PATCH with the changed settings, the changed channel
 * fields and credentials under `channel` and only the changed days under `working_hours`
 * (Chatwoot updates each listed day and leaves the others); a changed bot through `set_agent_bot`
 * alone. Then the inbox is read back: a day the server answered with success but did not take is
 * an error naming it.
 */
async function write(inputs: Inputs, id: string, keys: readonly string[], current: Props): Promise<InboxObject> {
  const api = inboxApi(inputs.accountId, id);
  rememberGiven(inputs.credentials);
  const body = settingsBody(inputs, keys, current.csatConfig);
  const sendCredentials = keys.includes("credentials") ? changedCredentials(inputs.credentials, current.credentials) : [];
  const fields = keys.includes("channel") && inputs.channel ? changedChannelFields(inputs.channel, current.channel) : [];
  if (inputs.channel && (fields.length > 0 || sendCredentials.length > 0)) {
    // A provider config goes whole: keep what the server holds besides the managed keys (a verify token).
    const heldConfig = PROVIDER_CONFIG_KEYS[inputs.channel.type] ? (await api.get())?.provider_config : undefined;
    body.channel = channelBody({ channel: inputs.channel, fields, credentials: inputs.credentials, sendCredentials, heldConfig });
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
  return { ...after, previousCredentials: current.credentials };
}

/**
 * The inbox, or `undefined` when it is gone: a 404, or deleted by this process (newer servers keep
 * showing an inbox they delete in a background job). Its bot and portal are read when `props`
 * manage them.
 */
async function read(props: Props, id: string): Promise<InboxObject | undefined> {
  const account = props.accountId as number;
  if (isDeleted(account, id)) return undefined;
  const api = inboxApi(account, id);
  const wire = await api.get();
  if (!wire) return undefined;
  return withLinks(props, wire);
}

/** The inbox with its bot and portal, where `props` manage them (each is one more request). */
async function withLinks(props: Props, wire: InboxServerWire): Promise<InboxObject> {
  const api = inboxApi(props.accountId as number, wire.id);
  const links: Partial<InboxObject> = {};
  if (props.agentBotId !== undefined) links.agentBotId = await api.bot();
  if (props.portalId !== undefined) links.portalId = await api.portalOf(wire);
  return { ...wire, ...links };
}

/** The POST: the settings, and the channel with every field given and its credentials. */
async function post(inputs: Inputs): Promise<InboxObject> {
  rememberGiven(inputs.credentials);
  const channel = inputs.channel!;
  const credentials = inputs.credentials ?? {};
  const given = (Object.keys(credentials) as (keyof typeof credentials)[]).filter((k) => credentials[k] !== undefined);
  const fields = Object.keys(channel).filter((k) => (channel as Props)[k] !== undefined);
  const body = { ...settingsBody(inputs, managedKeys), channel: { type: channel.type, ...channelBody({ channel, fields, credentials, sendCredentials: given }) } };
  return withLinks(inputs, await inboxApi(inputs.accountId).create(body));
}

/** The outputs of an inbox read for the resource (see `inboxOutputs`). */
const outputsOf = (base: Props, inbox: InboxObject) =>
  inboxOutputs(base, inbox, {
    agentBotId: base.agentBotId === undefined ? undefined : (inbox.agentBotId ?? null),
    portalId: base.portalId === undefined ? undefined : (inbox.portalId ?? null),
    adopted: base.adopted === true,
    previousCredentials: inbox.previousCredentials,
    credentialsSent: inbox.credentialsSent !== false,
  });

/**
 * Whether an inbox is what a create with these inputs makes: inbox names repeat, so it is one with
 * the sent name and channel type. Create recovery takes only one that is new since the POST (see
 * `createOnce`), so an older inbox with the same name, or one this deployment deleted that the
 * server still lists, is never taken for it.
 */
function sameInbox(inputs: Inputs, inbox: InboxServerWire): boolean {
  return inbox.name === inputs.name && channelTypeName(inbox.channel_type) === inputs.channel?.type;
}

/** The inbox as the lifecycle steps act on it (see `ObjectKind`). */
export const inboxKind: ObjectKind<Inputs, InboxObject> = {
  noun: "inbox",
  paths: {
    collection: (props) => inboxApi(props.accountId as number).collection,
    member: (props, id) => inboxApi(props.accountId as number, id).path,
  },
  area: () => "account",
  // A new account has no inbox: the run's creates in an account it made send no listing first.
  emptyInNewAccount: true,
  api: {
    list: (inputs) => inboxApi(inputs.accountId).list(),
    get: read,
    post,
    patch: write,
    async remove(props, id) {
      // Newer servers answer 200 with a message and delete in a background job: that is done.
      await send({ method: "DELETE", path: inboxApi(props.accountId as number, id).path });
      wasDeleted(props.accountId as number, id);
    },
  },
  get: read,
  // Reads carry the bot and portal wherever they are managed; a new inbox (answered, or found after a lost answer) has no bot.
  outputs: outputsOf,
  compared: [...managedKeys, "channelType"],
  normalizers,
  stateOnlyKeys: ["deleteOnDestroy"],
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
    // Credentials the server does not show are unknown until sent: adoption sends them.
    current: (inputs, wire) => markAdopted(outputsOf(inputs, { ...wire, credentialsSent: false })),
  },
  // A create sends one POST, then what it could not carry (working hours, the bot, settings older servers take only on update).
  complete: true,
  // A server reset can hand out a deleted inbox's id again (test servers do).
  created: (inputs, inbox) => forgetDeleted(inputs.accountId, inbox.id),
};
