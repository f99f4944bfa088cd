/**
 * Each kind's inputs, made from the server's object the way a person would declare it: the
 * properties the server holds a value for (none is declared null or empty), ids replaced by
 * references, and never a credential (bot tokens, website and HMAC tokens, webhook secrets are
 * left out by construction: no builder here reads them).
 */
import type { z } from "zod";
import { normalizeWorkingHours, type WorkingHoursEntry } from "../../provider/resources/inbox/working-hours";
import type { Props } from "../../provider/lifecycle/json";
import { fromWire } from "../../provider/mapping";
import { frameUrls } from "../../provider/wire/dashboard-app";
import { hasRun, type CampaignWire } from "../../provider/wire/campaign";
import { inboxFromWire } from "../../provider/wire/inbox";
import { INSTALLATION_SENDER } from "../../provider/wire/account";
import { normalizeMeta } from "../../provider/resources/portal-article";
import { SETTINGS } from "../../provider/resources/inbox/requests";
import { AutoAssignmentConfig } from "../../provider/resources/inbox/auto-assignment";
import { AutomationCondition } from "../../provider/resources/automation-rule";
import { AutomationAction } from "../../provider/validation/automation-actions";
import { sameValue } from "../../provider/diff/normalize";
import { channelTypeName, channelView, CREDENTIALED_TYPES } from "../../provider/resources/inbox/channel";
import { csatConfigOutput, normalizeCsatConfig } from "../../provider/resources/inbox/csat";
import { DEFAULT_PRE_CHAT_FORM, normalizePreChatForm } from "../../provider/resources/inbox/pre-chat-form";
import type { AccountSnapshot, InboxRead, TeamRead } from "./account";
import type { IntegrationHookWire } from "../../provider/wire/integration-hook";
import { AUTH_SECRET_KEYS, type CaptainCustomToolWire } from "../../provider/wire/captain-custom-tool";
import { hookApp } from "../../provider/resources/integration-hook/apps";
import { settingsOutput } from "../../provider/resources/integration-hook/settings";
import { mappingsFromWire } from "../../provider/resources/saml-settings";
import { surveyTextOf } from "../../provider/resources/inbox-csat-template";
import type { SamlSettingsWire } from "../../provider/wire/saml-settings";
import { AgentRef, Configured, Excluded, Ref, Unmapped, type ReferenceMap } from "./references";
import type { TypeName } from "./resource-types";

/** How an object is found again when the program runs against the account it came from. */
export type Adoption =
  /** `adopt: adopt` (natural-key kinds). */
  | { by: "key" }
  /**
   * `adopt: true` whichever account the program runs against (agents: the administrator applying
   * the copy is an agent of it already, and is the same person).
   */
  | { by: "key-always" }
  /** `adoptId: adopt ? <id> : undefined` (kinds without a natural key the server enforces). */
  | { by: "id" }
  /** Only adoption can manage it (an inbox of a channel that needs a third party's credentials). */
  | { by: "id-only"; reason: string }
  /** Nothing to declare (a team's membership lists the members first, taking existing ones over without a write). */
  | { by: "none" };

/** One object as the kind's builder sees it, before it is named and ordered. */
export interface Draft {
  type: TypeName;
  /** The server id in the exported account. */
  id: number;
  inputs: Props;
  adoption: Adoption;
  /** Why something is left out or as it is (comments above the declaration, warnings on stderr). */
  notes: string[];
  /** Compared by `diff` but not declared (an adopted inbox's channel type). */
  facts?: Props;
  /** The text the constant's name is made from, when not the natural key (a webhook's name). */
  naming?: string;
  /** The declaration's resource options (`{ retainOnDelete: true }`). */
  options?: Props;
}

/** The entries whose value is neither null, undefined, an empty list nor an empty object. */
function present(entries: Props): Props {
  const out: Props = {};
  for (const [key, value] of Object.entries(entries)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === "object" && !Array.isArray(value) && value.constructor === Object && Object.keys(value).length === 0) continue;
    out[key] = value;
  }
  return out;
}

/**
 * A single id property (an inbox's bot, a webhook's inbox): when unmapped, not declared rather than
 * a wrong id (the reason names the id).
 */
function single(ref: ReturnType<ReferenceMap["inbox"]>): unknown {
  return ref instanceof Unmapped ? new Unmapped(undefined, ref.reason) : ref;
}

/**
 * The inbox an object is scoped to (an inbox's hook or webhook): left out by name, the object goes
 * with it (see ./model.ts); otherwise as {@link single}.
 */
function scoped(ref: ReturnType<ReferenceMap["inbox"]>): unknown {
  return ref instanceof Excluded ? ref : single(ref);
}

/** A day of the week as the `workingHours` input declares it: the shortest entry meaning the same. */
function dayInput(day: WorkingHoursEntry): Props {
  if (day.closedAllDay) return { dayOfWeek: day.dayOfWeek, closedAllDay: true };
  if (day.openAllDay) return { dayOfWeek: day.dayOfWeek, openAllDay: true };
  return present({
    dayOfWeek: day.dayOfWeek,
    openHour: day.openHour,
    openMinutes: day.openMinutes || undefined,
    closeHour: day.closeHour,
    closeMinutes: day.closeMinutes || undefined,
  });
}

type MapValue = (refs: ReferenceMap, v: unknown) => unknown;

/** The entry of `table` named `name` (only its own entries: a name such as `constructor` is none). */
const entryOf = (table: Record<string, MapValue>, name: unknown): MapValue | undefined =>
  typeof name === "string" && Object.hasOwn(table, name) ? table[name] : undefined;

/** Condition attributes whose values are ids or titles of other objects. */
const CONDITION_VALUES: Record<string, MapValue> = {
  inbox_id: (refs, v) => refs.inbox(v),
  team_id: (refs, v) => refs.team(v),
  assignee_id: (refs, v) => refs.agent(v),
  labels: (refs, v) => refs.label(v),
  sla_policy_id: (refs, v) => refs.slaPolicy(v),
};

/** Actions whose parameters are ids or titles of other objects (the same for rules and macros). */
const ACTION_PARAMS: Record<string, MapValue> = {
  assign_team: (refs, v) => refs.team(v),
  assign_agent: (refs, v) => refs.agent(v),
  add_label: (refs, v) => refs.label(v),
  remove_label: (refs, v) => refs.label(v),
  send_email_to_team: (refs, v) => (isObject(v) && Array.isArray(v.teamIds) ? { ...v, teamIds: v.teamIds.map((id) => refs.team(id)) } : v),
  add_sla: (refs, v) => refs.slaPolicy(v),
  send_attachment: (_refs, v) => new Unmapped(v, "attachments are not exported: the id is the exported account's"),
};

const isObject = (v: unknown): v is Props => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `value` with only the keys `schema` declares: the resource refuses any other (Chatwoot would keep
 * it and ignore it), so one a server holds is left out, with a note naming it.
 */
function declaredKeys(value: Props, schema: z.ZodObject, what: string, notes: string[]): Props {
  const allowed = Object.keys(schema.shape);
  const extra = Object.keys(value).filter((key) => !allowed.includes(key));
  if (extra.length === 0) return value;
  const names = extra.map((key) => `"${key}"`).join(", ");
  notes.push(`${what} holds ${names}, which the resource does not declare (${allowed.join(", ")}): left out`);
  return Object.fromEntries(Object.entries(value).filter(([key]) => allowed.includes(key)));
}

/** Conditions in the input's form, ids and keys of other objects as references; keys no condition declares are noted in `notes`. */
export function conditionInputs(refs: ReferenceMap, conditions: unknown, notes: string[] = []): Props[] {
  const list = (fromWire(conditions ?? []) as unknown[]).filter(isObject);
  return list.map((declared, i) => {
    const condition = declaredKeys(declared, AutomationCondition, `condition ${i + 1}`, notes);
    const values = Array.isArray(condition.values) ? condition.values : condition.values === undefined ? undefined : [condition.values];
    const mapValue = entryOf(CONDITION_VALUES, condition.attributeKey);
    const attribute = mapValue || typeof condition.attributeKey !== "string" ? undefined : refs.attribute(condition.attributeKey, condition.customAttributeType);
    return {
      ...condition,
      attributeKey: attribute ?? condition.attributeKey,
      ...(values === undefined ? {} : { values: mapValue ? values.map((v) => mapValue(refs, v)) : values }),
    };
  });
}

/** Actions in the input's form, ids and titles of other objects as references; keys no action declares are noted in `notes`. */
export function actionInputs(refs: ReferenceMap, actions: unknown, notes: string[] = []): Props[] {
  const list = (fromWire(actions ?? []) as unknown[]).filter(isObject);
  return list.map((declared, i) => {
    const action = declaredKeys(declared, AutomationAction, `action ${i + 1}`, notes);
    const map = entryOf(ACTION_PARAMS, action.actionName);
    if (!map || action.actionParams === undefined) return action;
    const params = Array.isArray(action.actionParams) ? action.actionParams : [action.actionParams];
    return { ...action, actionParams: params.map((p) => map(refs, p)) };
  });
}

/** Users of a membership as references; those who cannot be mapped are left out, with a note. */
function members(refs: ReferenceMap, ids: number[], notes: string[]): (Ref | AgentRef)[] {
  const users: (Ref | AgentRef)[] = [];
  for (const id of ids) {
    const user = refs.agent(id);
    if (user instanceof Unmapped) notes.push(`left out: ${user.reason}; add them by hand where they belong`);
    else users.push(user);
  }
  const email = (u: Ref | AgentRef) => (u instanceof Ref ? u.key : u.email);
  return users.sort((a, b) => (email(a) < email(b) ? -1 : email(a) > email(b) ? 1 : 0));
}

/**
 * A person as an `Agent`. Their availability is declared only without auto-offline: with it,
 * Chatwoot reports anyone not signed in as offline, which says nothing about the setting. Their
 * custom role is the exported role's id. People stay in an account when the stack is destroyed
 * (the administrator applying it among them).
 */
function agent(refs: ReferenceMap, a: AccountSnapshot["agents"][number]): Draft {
  const email = (a.email as string).trim().toLowerCase();
  return {
    type: "Agent",
    id: a.id,
    inputs: present({
      email,
      name: a.name,
      role: a.role,
      availabilityStatus: a.auto_offline === false ? a.availability_status : undefined,
      autoOffline: a.auto_offline,
      ...customRoleOfAgent(refs, a.custom_role_id),
    }),
    adoption: { by: "key-always" },
    notes: [],
    naming: email.split("@")[0],
    options: { retainOnDelete: true },
  };
}

/** The account's own settings; its name is managed only where the program's config gives one (a copy keeps its own). */
function accountSettings(refs: ReferenceMap, account: NonNullable<AccountSnapshot["account"]>): Draft {
  const settings = account.settings ?? {};
  const attributes = account.custom_attributes ?? {};
  const label = settings.auto_resolve_label;
  const required = settings.conversation_required_attributes;
  return {
    type: "AccountSettings",
    id: account.id,
    inputs: present({
      name: account.name === null ? undefined : new Configured(account.name, { kind: "optional-setting", setting: "accountName" }, false),
      locale: account.locale,
      domain: account.domain,
      // The installation's sender, shown while the account has no address: declared, it would become the copy's own.
      supportEmail: account.support_email === INSTALLATION_SENDER ? undefined : account.support_email,
      autoResolveAfter: settings.auto_resolve_after,
      autoResolveMessage: settings.auto_resolve_message,
      autoResolveIgnoreWaiting: settings.auto_resolve_ignore_waiting,
      autoResolveLabel: typeof label === "string" ? refs.label(label) : undefined,
      audioTranscriptions: settings.audio_transcriptions,
      conversationRequiredAttributes: Array.isArray(required)
        ? required.map((key) => (typeof key === "string" ? (refs.attribute(key, "conversation_attribute") ?? key) : key))
        : undefined,
      industry: attributes.industry,
      companySize: attributes.company_size,
      timezone: attributes.timezone,
    }),
    adoption: { by: "none" },
    notes: [],
    naming: "settings",
    facts: account.support_email === INSTALLATION_SENDER ? { supportEmail: account.support_email } : undefined,
  };
}

/**
 * A hook of an app configured with settings: the settings the server shows, and each credential
 * of the app as a secret of the stack the user sets (the API never shows it, so it is not exported).
 */
function integrationHook(refs: ReferenceMap, h: IntegrationHookWire): Draft {
  const app = hookApp(h.app_id);
  const secrets = Object.keys(app?.secrets ?? {});
  const unseen = Object.keys(app?.settings ?? {}).filter((key) => !app?.visible.includes(key));
  const notes = unseen.length > 0 ? [`${unseen.join(", ")}: not shown by the API, so not exported; declare them if the app needs them`] : [];
  return {
    type: "IntegrationHook",
    id: h.id,
    inputs: present({
      appId: h.app_id,
      inboxId: h.inbox_id === null ? undefined : scoped(refs.inbox(h.inbox_id)),
      enabled: h.enabled,
      settings: settingsOutput(app, h.settings, undefined),
      secretSettings: Object.fromEntries(secrets.map((key) => [key, new Configured(undefined, { kind: "secret-setting", key }, false)])),
    }),
    adoption: { by: "id" },
    notes,
  };
}

/** A header's stack secret, named after it: `X-Tenant-Key` → `headerXTenantKey`. */
const headerSetting = (name: string) => `header${name.split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("")}`;

/**
 * A Captain custom tool: its settings as shown, the fields of its auth config that name a header
 * or where the key goes as they are, and each credential (token, password, key, every header's
 * value) as a secret of the stack the user sets: an export never writes one, though the API shows
 * them to administrators.
 */
function captainCustomTool(t: CaptainCustomToolWire): Draft {
  const secret = (key: string) => new Configured(undefined, { kind: "secret-setting", key }, false);
  const auth = Object.fromEntries(Object.entries(t.auth_config ?? {}).map(([key, value]) => [key, AUTH_SECRET_KEYS.includes(key) ? secret(key) : value]));
  return {
    type: "CaptainCustomTool",
    id: t.id,
    inputs: present({
      title: t.title,
      description: t.description,
      endpointUrl: t.endpoint_url,
      httpMethod: t.http_method,
      requestTemplate: t.request_template,
      responseTemplate: t.response_template,
      authType: t.auth_type === "none" ? undefined : t.auth_type,
      authConfig: auth,
      headers: Object.fromEntries(Object.keys(t.headers ?? {}).map((name) => [name, secret(headerSetting(name))])),
      paramSchema: t.param_schema.map((p) => ({ name: p.name, type: p.type, description: p.description, ...(p.required ? { required: true } : {}) })),
      enabled: t.enabled,
    }),
    adoption: { by: "id" },
    notes: [],
  };
}

/** Channel types the resource creates without a third party's credentials: the export declares their channel. */
const DECLARED_CHANNELS = new Set(["api", "web_widget"]);

/** Why an inbox of another channel type is adopted in another account instead of created there. */
function adoptedBecause(wire: InboxRead["inbox"], type: string | null): string {
  const what = `a ${wire.channel_type ?? "channel-less"} inbox can only be adopted`;
  if (type !== null && (CREDENTIALED_TYPES as readonly string[]).includes(type) && !wire.provider?.match(/google|microsoft/)) {
    return `${what} (its address, number or bot is unique across an installation, and its credentials are never exported)`;
  }
  return `${what} (its channel connects through OAuth or a provider's own flow)`;
}

/** A widget's pre-chat form as declared: attribute fields name their definitions; Chatwoot's default form is not declared. */
function preChatInput(refs: ReferenceMap, form: unknown): unknown {
  if (!isObject(form) || sameValue(normalizePreChatForm(form), normalizePreChatForm(DEFAULT_PRE_CHAT_FORM))) return undefined;
  const fields = Array.isArray(form.preChatFields) ? form.preChatFields.filter(isObject) : [];
  return present({
    preChatMessage: form.preChatMessage,
    preChatFields: fields.map((field) => {
      const attribute = field.fieldType !== "standard" && typeof field.name === "string" ? refs.attribute(field.name, field.fieldType) : undefined;
      return present({ ...field, name: attribute ?? field.name });
    }),
  });
}

/** The CSAT config as declared: the keys that differ from nothing set, its rule's labels by title; none when it is Chatwoot's default. */
function csatInput(refs: ReferenceMap, wire: unknown): unknown {
  const config = csatConfigOutput(wire);
  if (!config || sameValue(normalizeCsatConfig(config), normalizeCsatConfig({}))) return undefined;
  const { template: _template, surveyRules, message, ...rest } = config;
  const rules = isObject(surveyRules) ? surveyRules : {};
  const labels = Array.isArray(rules.values) ? rules.values.map((v) => refs.label(v)) : undefined;
  return present({ ...rest, message: message === "" ? undefined : message, surveyRules: present({ operator: rules.operator, values: labels }) });
}

function inbox(refs: ReferenceMap, { inbox: wire, botId }: InboxRead): Draft {
  const inbox = inboxFromWire(wire) as Props;
  const channelType = channelTypeName(wire.channel_type);
  const creatable = channelType !== null && DECLARED_CHANNELS.has(channelType);
  const notes: string[] = [];
  const settings: Props = {};
  for (const key of SETTINGS) settings[key] = inbox[key];
  if (isObject(settings.autoAssignmentConfig)) settings.autoAssignmentConfig = declaredKeys(settings.autoAssignmentConfig, AutoAssignmentConfig, "its auto-assignment config", notes);
  const week = Array.isArray(wire.working_hours) ? normalizeWorkingHours(wire.working_hours) : [];
  const channel = creatable ? channelView(inbox) : undefined;
  if (channel) channel.preChatFormOptions = preChatInput(refs, channel.preChatFormOptions);
  const helpCenter = isObject(wire.help_center) ? wire.help_center.slug : undefined;
  const draft: Draft = {
    type: "Inbox",
    id: wire.id,
    inputs: present({
      name: inbox.name,
      channel: channel ? present(channel) : undefined,
      ...settings,
      csatConfig: csatInput(refs, wire.csat_config),
      portalId: helpCenter === undefined ? undefined : refs.portalBySlug(helpCenter),
      workingHours: week.map(dayInput),
      agentBotId: botId === null ? undefined : single(refs.bot(botId)),
    }),
    adoption: creatable ? { by: "id" } : { by: "id-only", reason: adoptedBecause(wire, channelType) },
    notes,
  };
  if (!creatable) draft.facts = { channelType };
  return draft;
}

/** A category of a portal: its parent and the category it translates as references. */
function category(refs: ReferenceMap, c: AccountSnapshot["categories"][number]): Draft {
  return {
    type: "PortalCategory",
    id: c.id,
    inputs: present({
      // Required: an id that cannot be mapped stays, with the reason, rather than be left out.
      portalId: refs.portal(c.portal_id),
      name: c.name,
      slug: c.slug,
      locale: c.locale,
      description: c.description,
      position: c.position,
      icon: c.icon || undefined,
      parentCategoryId: c.parent_category_id === null ? undefined : single(refs.category(c.parent_category_id)),
      associatedCategoryId: c.associated_category_id === null ? undefined : single(refs.category(c.associated_category_id)),
    }),
    adoption: { by: "key" },
    notes: [],
    naming: `${c.locale} ${c.slug}`,
  };
}

/** An article: its portal, category and translation as references, its author by e-mail address. */
function article(refs: ReferenceMap, a: AccountSnapshot["articles"][number]): Draft {
  const meta = normalizeMeta(a.meta);
  return {
    type: "PortalArticle",
    id: a.id,
    inputs: present({
      portalId: refs.portal(a.portal_id),
      title: a.title,
      slug: a.slug,
      content: a.content || undefined,
      description: a.description,
      status: a.status,
      // An article in a category is in the category's locale.
      locale: a.category_id === null ? a.locale : undefined,
      position: a.position,
      categoryId: a.category_id === null ? undefined : single(refs.category(a.category_id)),
      associatedArticleId: a.associated_article_id === null ? undefined : single(refs.article(a.associated_article_id)),
      authorId: a.author_id === null ? new Unmapped(undefined, "the author is no longer a user of the account: set authorId") : refs.agent(a.author_id),
      meta: present({ title: meta.title, description: meta.description, tags: meta.tags }),
    }),
    adoption: { by: "key" },
    notes: [],
    naming: a.slug,
  };
}

function team(_refs: ReferenceMap, { team }: TeamRead): Draft {
  return {
    type: "Team",
    id: team.id,
    inputs: present({ name: team.name.toLowerCase(), description: team.description, allowAutoAssign: team.allow_auto_assign }),
    adoption: { by: "key" },
    notes: [],
  };
}

function membership(refs: ReferenceMap, type: "InboxMembership" | "TeamMembership" | "AgentCapacityPolicyUser", parent: { id: number }, memberIds: number[]): Draft {
  const notes: string[] = [];
  const parentKey = type === "InboxMembership" ? "inboxId" : type === "TeamMembership" ? "teamId" : "policyId";
  const parentRef = type === "InboxMembership" ? refs.inbox(parent.id) : type === "TeamMembership" ? refs.team(parent.id) : refs.capacityPolicy(parent.id);
  // An inbox's membership with `adopt` lists the members first: applied where they are members already, it writes nothing.
  const adoption: Adoption = type === "InboxMembership" ? { by: "key" } : { by: "none" };
  return { type, id: parent.id, inputs: { [parentKey]: parentRef, userIds: members(refs, memberIds, notes) }, adoption, notes };
}

/**
 * An agent's custom role, as the `customRoleId` input of an agent (`custom_role_id` in the
 * agents' list): a reference to the role, nothing for an agent without one, and not declared
 * (with the reason) when the role is not exported.
 */
export function customRoleOfAgent(refs: ReferenceMap, customRoleId: unknown): Props {
  return customRoleId === null || customRoleId === undefined ? {} : { customRoleId: single(refs.customRole(customRoleId)) };
}

/**
 * A campaign: its inbox, sender and audience's labels as references. A one-off campaign is sent
 * where the program is applied, at `scheduledAt`: a note says so. (One that has run is not declared.)
 */
function campaign(refs: ReferenceMap, c: CampaignWire): Draft {
  const notes: string[] = [];
  const sender = c.sender_id === null ? undefined : refs.agent(c.sender_id);
  const rules = isObject(c.trigger_rules) ? (fromWire(c.trigger_rules) as Props) : {};
  const audience = (c.audience ?? []).flatMap((entry, i) => {
    if (entry.type === "Label") return [{ type: "Label", id: refs.labelId(entry.id) }];
    notes.push(`audience entry ${i + 1} (${JSON.stringify(entry)}) is no label, which the resource declares only: left out`);
    return [];
  });
  if (c.campaign_type === "one_off") notes.push("a one-off campaign: applied to an account, it is sent there at scheduledAt to the contacts with its labels");
  return {
    type: "Campaign",
    id: c.id,
    inputs: present({
      // Required: an id that cannot be mapped stays, with the reason, rather than be left out.
      inboxId: refs.inbox(c.inbox_id),
      title: c.title,
      message: c.message,
      description: c.description,
      enabled: c.enabled,
      senderId: sender instanceof Unmapped ? new Unmapped(undefined, sender.reason) : sender,
      triggerRules: present({ url: rules.url, timeOnPage: rules.timeOnPage }),
      triggerOnlyDuringBusinessHours: c.trigger_only_during_business_hours,
      audience: c.campaign_type === "one_off" ? audience : undefined,
      scheduledAt: c.campaign_type === "one_off" ? c.scheduled_at : undefined,
    }),
    adoption: { by: "id" },
    notes,
  };
}

/**
 * The account's SAML settings: a custom role of a mapping by reference; the SP entity id only where
 * it is not the one the server made of the account's id (a copy's server makes its own).
 */
function samlSettings(refs: ReferenceMap, s: SamlSettingsWire, accountId: number): Draft {
  const mappings = Object.fromEntries(
    Object.entries(mappingsFromWire(s.role_mappings)).map(([group, m]) => [group, m.customRoleId === undefined ? m : { customRoleId: refs.customRole(m.customRoleId) }]),
  );
  return {
    type: "SamlSettings",
    // The account's one: its id is the account's (what `pulumi import` takes).
    id: accountId,
    inputs: present({
      ssoUrl: s.sso_url,
      idpEntityId: s.idp_entity_id,
      certificate: s.certificate,
      spEntityId: s.sp_entity_id?.endsWith(`/saml/sp/${accountId}`) ? undefined : s.sp_entity_id,
      roleMappings: Object.keys(mappings).length > 0 ? mappings : undefined,
    }),
    adoption: { by: "key" },
    notes: [],
    naming: "settings",
  };
}

/** Every exported object of the snapshot, as drafts (unordered, unnamed). */
export function draftsOf(snapshot: AccountSnapshot, refs: ReferenceMap): Draft[] {
  const drafts: Draft[] = [];
  const add = (draft: Draft) => drafts.push(draft);
  const has = (type: TypeName) => snapshot.types.has(type);

  if (has("Agent")) for (const a of snapshot.agents) if (a.email?.trim()) add(agent(refs, a));
  if (snapshot.account) add(accountSettings(refs, snapshot.account));
  for (const d of snapshot.attributes) {
    const list = d.attribute_display_type === "list";
    const text = d.attribute_display_type === "text";
    add({
      type: "CustomAttributeDefinition",
      id: d.id,
      inputs: present({
        attributeKey: d.attribute_key,
        attributeModel: d.attribute_model,
        attributeDisplayName: d.attribute_display_name,
        attributeDisplayType: d.attribute_display_type,
        attributeDescription: d.attribute_description,
        attributeValues: list ? d.attribute_values : undefined,
        regexPattern: text ? d.regex_pattern : undefined,
        regexCue: text ? d.regex_cue : undefined,
      }),
      adoption: { by: "key" },
      notes: [],
    });
  }
  for (const l of snapshot.labels) {
    add({
      type: "Label",
      id: l.id,
      inputs: present({ title: l.title.toLowerCase(), description: l.description, color: l.color, showOnSidebar: l.show_on_sidebar }),
      adoption: { by: "key" },
      notes: [],
    });
  }
  for (const t of snapshot.teams) {
    add(team(refs, t));
    if (has("TeamMembership") && t.memberIds.length > 0) add(membership(refs, "TeamMembership", t.team, t.memberIds));
  }
  for (const b of snapshot.agentBots) {
    add({
      type: "AgentBot",
      id: b.id,
      // Bots the Platform App made stay Platform bots (`--platform`); the others are the account's.
      inputs: present({
        scope: snapshot.platformBotIds.has(b.id) ? undefined : "account",
        name: b.name,
        description: b.description,
        outgoingUrl: b.outgoing_url,
      }),
      adoption: { by: "id" },
      notes: b.thumbnail ? ["the avatar is not exported: set avatarUrl or avatar to keep one"] : [],
    });
  }
  for (const i of snapshot.inboxes) {
    add(inbox(refs, i));
    if (has("InboxMembership") && i.memberIds.length > 0) add(membership(refs, "InboxMembership", i.inbox, i.memberIds));
  }
  for (const p of snapshot.portals) {
    add({
      type: "Portal",
      id: p.id,
      inputs: present({
        name: p.name,
        slug: p.slug,
        color: p.color,
        customDomain: p.custom_domain,
        headerText: p.header_text,
        homepageLink: p.homepage_link,
        pageTitle: p.page_title,
        archived: p.archived || undefined,
        config: p.config,
        inboxId: p.inbox_id === null ? undefined : single(refs.inbox(p.inbox_id)),
      }),
      adoption: { by: "key" },
      notes: [],
    });
  }
  for (const c of snapshot.categories) add(category(refs, c));
  for (const a of snapshot.articles) add(article(refs, a));
  for (const r of snapshot.rules) {
    const notes: string[] = [];
    add({
      type: "AutomationRule",
      id: r.id,
      inputs: present({
        name: r.name,
        description: r.description,
        eventName: r.event_name,
        active: r.active,
        conditions: conditionInputs(refs, r.conditions, notes),
        actions: actionInputs(refs, r.actions, notes),
      }),
      adoption: { by: "id" },
      notes,
    });
  }
  for (const w of snapshot.webhooks) {
    add({
      type: "Webhook",
      id: w.id,
      inputs: present({ url: w.url, name: w.name, subscriptions: [...w.subscriptions].sort(), inboxId: w.inbox_id === null ? undefined : scoped(refs.inbox(w.inbox_id)) }),
      adoption: { by: "key" },
      notes: [],
      naming: w.name ?? w.url.replace(/^https?:\/\//i, ""),
    });
  }
  for (const c of snapshot.cannedResponses) {
    add({ type: "CannedResponse", id: c.id, inputs: present({ shortCode: c.short_code, content: c.content }), adoption: { by: "key" }, notes: [] });
  }
  for (const p of snapshot.slaPolicies) {
    add({
      type: "SlaPolicy",
      id: p.id,
      inputs: present({
        name: p.name,
        description: p.description,
        firstResponseTimeThreshold: p.first_response_time_threshold,
        nextResponseTimeThreshold: p.next_response_time_threshold,
        resolutionTimeThreshold: p.resolution_time_threshold,
        onlyDuringBusinessHours: p.only_during_business_hours,
      }),
      adoption: { by: "id" },
      notes: [],
    });
  }
  for (const p of snapshot.assignmentPolicies) {
    add({
      type: "AssignmentPolicy",
      id: p.id,
      inputs: present({
        name: p.name,
        description: p.description,
        assignmentOrder: p.assignment_order,
        conversationPriority: p.conversation_priority,
        fairDistributionLimit: p.fair_distribution_limit,
        fairDistributionWindow: p.fair_distribution_window,
        enabled: p.enabled,
      }),
      adoption: { by: "key" },
      notes: [],
    });
  }
  for (const p of snapshot.capacityPolicies) {
    const rules = p.exclusion_rules;
    add({
      type: "AgentCapacityPolicy",
      id: p.id,
      inputs: present({
        name: p.name,
        description: p.description,
        exclusionRules: present({ excludedLabels: rules.excluded_labels?.map((v) => refs.label(v)), excludeOlderThanHours: rules.exclude_older_than_hours }),
      }),
      adoption: { by: "key" },
      notes: [],
    });
  }
  for (const m of snapshot.capacityUsers) add(membership(refs, "AgentCapacityPolicyUser", { id: m.policyId }, m.userIds));
  for (const l of snapshot.capacityLimits) {
    const inputs = { policyId: refs.capacityPolicy(l.policyId), inboxId: refs.inbox(l.inbox_id), conversationLimit: l.conversation_limit };
    add({ type: "AgentCapacityPolicyInboxLimit", id: l.id, inputs, adoption: { by: "key" }, notes: [] });
  }
  for (const l of snapshot.inboxPolicies) {
    const inputs = { inboxId: refs.inbox(l.inboxId), assignmentPolicyId: refs.assignmentPolicy(l.policyId) };
    add({ type: "InboxAssignmentPolicy", id: l.inboxId, inputs, adoption: { by: "key" }, notes: [] });
  }
  for (const r of snapshot.customRoles) {
    add({
      type: "CustomRole",
      id: r.id,
      // Sorted: a set, whose order means nothing (and would otherwise show in a re-export).
      inputs: present({ name: r.name, description: r.description, permissions: [...r.permissions].sort() }),
      adoption: { by: "id" },
      notes: [],
    });
  }
  for (const h of snapshot.integrationHooks) add(integrationHook(refs, h));
  for (const t of snapshot.captainCustomTools) add(captainCustomTool(t));
  for (const s of snapshot.samlSettings) add(samlSettings(refs, s, snapshot.accountId));
  // The template's text is the inbox's survey settings' (the API shows none of the template's own).
  for (const t of snapshot.csatTemplates) {
    const { message, buttonText, language } = surveyTextOf(t.csatConfig);
    const inputs = {
      inboxId: refs.inbox(t.inboxId),
      message: message ?? new Unmapped(undefined, "the inbox's survey settings hold no message, and the API shows none of the template's own: give the template's text"),
      ...present({ buttonText, language }),
    };
    add({ type: "InboxCsatTemplate", id: t.inboxId, inputs, adoption: { by: "key" }, notes: [] });
  }
  for (const a of snapshot.dashboardApps) {
    add({ type: "DashboardApp", id: a.id, inputs: { title: a.title, frameUrls: frameUrls(a.content) }, adoption: { by: "id" }, notes: [] });
  }
  // A one-off campaign that has run is history: declared, it would be sent again (see buildModel's warning).
  for (const c of snapshot.campaigns) if (!hasRun(c)) add(campaign(refs, c));
  for (const a of snapshot.captainAssistants) {
    const { id: _id, ...fields } = fromWire(a) as Props;
    add({ type: "CaptainAssistant", id: a.id, inputs: present(fields), adoption: { by: "key" }, notes: [] });
  }
  for (const l of snapshot.captainInboxes) {
    const inputs = { assistantId: refs.captainAssistant(l.assistantId), inboxId: refs.inbox(l.inboxId) };
    add({ type: "CaptainAssistantInbox", id: l.inboxId, inputs, adoption: { by: "key" }, notes: [] });
  }
  for (const d of snapshot.captainDocuments) {
    const inputs = present({ assistantId: refs.captainAssistant(d.assistant_id), externalLink: d.external_link, name: d.name });
    add({ type: "CaptainDocument", id: d.id, inputs, adoption: { by: "key" }, notes: [] });
  }
  for (const sc of snapshot.captainScenarios) {
    const inputs = present({ assistantId: refs.captainAssistant(sc.assistant_id), title: sc.title, description: sc.description, instruction: sc.instruction, enabled: sc.enabled });
    add({ type: "CaptainScenario", id: sc.id, inputs, adoption: { by: "key" }, notes: [] });
  }
  for (const m of snapshot.macros) {
    const notes: string[] = [];
    add({
      type: "Macro",
      id: m.id,
      // A macro declares its actions even when there are none: the input is required.
      inputs: { ...present({ name: m.name, visibility: m.visibility }), actions: actionInputs(refs, m.actions, notes) },
      adoption: { by: "key" },
      notes,
    });
  }
  return drafts;
}
