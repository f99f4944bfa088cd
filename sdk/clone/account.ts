/**
 * Reading an account: every object of each exported kind, through the provider's HTTP client and
 * the resources' own wire schemas (so an export reads exactly what the resources read, in every
 * response shape they accept). Only a portal's categories and articles are listed in pages, every
 * page of which is read; per-object reads (an inbox's bot and members, a team's members, a portal's
 * categories and articles) go a few at a time, under the client's rate limiter.
 */
import { z } from "zod";
import type { ApiClient, ApiRequest } from "../../provider/http/transport/client";
import { ChatwootApiError, isNotFound } from "../../provider/http/transport/errors";
import { parseBody } from "../../provider/http/transport/parse";
import { Members } from "../../provider/lifecycle/membership";
import { AgentBotWire } from "../../provider/wire/agent-bot";
import { AgentCapacityPolicyWire, type InboxCapacityLimitWire } from "../../provider/wire/agent-capacity-policy";
import { AssignmentPolicyWire, PolicyInboxesWire } from "../../provider/wire/assignment-policy";
import { RuleWire } from "../../provider/wire/automation-rule";
import { AccountFeatures, accountRequest, missingFeature } from "../../provider/lifecycle/feature-gate";
import { CannedResponseWire } from "../../provider/wire/canned-response";
import { CustomRoleWire } from "../../provider/wire/custom-role";
import { DashboardAppWire } from "../../provider/wire/dashboard-app";
import { CampaignWire } from "../../provider/wire/campaign";
import { CaptainCustomToolWire } from "../../provider/wire/captain-custom-tool";
import { CaptainAssistantWire } from "../../provider/wire/captain-assistant";
import { CaptainDocumentWire } from "../../provider/wire/captain-document";
import { CaptainScenarioWire } from "../../provider/wire/captain-scenario";
import { DefinitionWire, MODELS } from "../../provider/wire/custom-attribute-definition";
import { InboxBot, InboxServerWire } from "../../provider/wire/inbox";
import { IntegrationAppWire, type IntegrationHookWire } from "../../provider/wire/integration-hook";
import { SETTINGS_APP_IDS } from "../../provider/resources/integration-hook/apps";
import { LabelWire } from "../../provider/wire/label";
import { MacroWire } from "../../provider/wire/macro";
import { readAllPages } from "../../provider/lifecycle/pages";
import { PortalWire } from "../../provider/wire/portal";
import { SlaPolicyWire } from "../../provider/wire/sla-policy";
import { SamlSettingsWire } from "../../provider/wire/saml-settings";
import { PortalArticleWire } from "../../provider/wire/portal-article";
import { PortalCategoryWire } from "../../provider/wire/portal-category";
import { TeamWire } from "../../provider/wire/team";
import { WebhookWire } from "../../provider/wire/webhook";
import { AccountWire } from "../../provider/wire/account";
import { AgentWire } from "../../provider/wire/agent";
import { list, listUnder, single } from "../../provider/wire/envelope";
import { accountPath, platformPath } from "../../provider/wire/paths";
import { resourceType, type TypeName } from "./resource-types";

/** An inbox with what is read about it besides the inbox itself. */
export interface InboxRead {
  inbox: z.output<typeof InboxServerWire>;
  /** The bot answering it (null: none), read whether or not bots are exported, so that none is left out silently. */
  botId: number | null;
  /** Its members' user ids (empty when inbox members are not exported). */
  memberIds: number[];
}

/** A team with its members' user ids (empty when team members are not exported). */
export interface TeamRead {
  team: z.output<typeof TeamWire>;
  memberIds: number[];
}

/** A category or article of a portal, with the portal's id and slug (its natural key starts with the slug). */
export type InPortal<T> = T & { portal_id: number; portal_slug: string };

/** An object of a Captain assistant, with the assistant's id. */
export type InAssistant<T> = T & { assistant_id: number };

/** Everything an export knows about one account, as the server sent it (snake_case). */
export interface AccountSnapshot {
  accountId: number;
  /** The kinds that were read (the others are empty and not exported). */
  types: ReadonlySet<TypeName>;
  /** The account's users: they are referred to by e-mail address (and exported as agents). */
  agents: z.output<typeof AgentWire>[];
  /** The account itself, for its settings (null when account settings are not exported). */
  account: z.output<typeof AccountWire> | null;
  attributes: z.output<typeof DefinitionWire>[];
  labels: z.output<typeof LabelWire>[];
  teams: TeamRead[];
  /** The account's own bots (not the system bots), as its API lists them. */
  agentBots: z.output<typeof AgentBotWire>[];
  /** Which of them the Platform App sees (with `--platform`): those are exported as Platform bots. */
  platformBotIds: ReadonlySet<number>;
  inboxes: InboxRead[];
  portals: z.output<typeof PortalWire>[];
  categories: InPortal<z.output<typeof PortalCategoryWire>>[];
  articles: InPortal<z.output<typeof PortalArticleWire>>[];
  rules: z.output<typeof RuleWire>[];
  webhooks: z.output<typeof WebhookWire>[];
  cannedResponses: z.output<typeof CannedResponseWire>[];
  macros: z.output<typeof MacroWire>[];
  slaPolicies: z.output<typeof SlaPolicyWire>[];
  assignmentPolicies: z.output<typeof AssignmentPolicyWire>[];
  /** Each inbox's assignment policy, as the policies list their inboxes. */
  inboxPolicies: { inboxId: number; policyId: number }[];
  customRoles: z.output<typeof CustomRoleWire>[];
  /** The WhatsApp inboxes whose survey settings name a survey template, with those settings. */
  csatTemplates: { inboxId: number; csatConfig: unknown }[];
  /** The account's SAML settings: none, or one. */
  samlSettings: SamlSettingsWire[];
  /** Agent capacity policies (Enterprise). */
  capacityPolicies: z.output<typeof AgentCapacityPolicyWire>[];
  /** Their inbox limits, as the policies list them. */
  capacityLimits: (InboxCapacityLimitWire & { policyId: number })[];
  /** The users of each policy that has any. */
  capacityUsers: { policyId: number; userIds: number[] }[];
  dashboardApps: z.output<typeof DashboardAppWire>[];
  /** Every campaign, those that have run included (they are history: not declared, named in a warning). */
  campaigns: z.output<typeof CampaignWire>[];
  /** The hooks of the apps configured with settings (OAuth apps' need a person's consent in a browser, which a copy cannot give). */
  integrationHooks: IntegrationHookWire[];
  /** Captain's custom tools, every page (their credentials are read, never exported). */
  captainCustomTools: z.output<typeof CaptainCustomToolWire>[];
  /** Captain's assistants (Enterprise, the account's `captain_integration` feature). */
  captainAssistants: CaptainAssistantWire[];
  /** Their documents (the crawled content is never read). */
  captainDocuments: CaptainDocumentWire[];
  /** The inboxes each assistant answers in. */
  captainInboxes: { assistantId: number; inboxId: number }[];
  /** Their enabled scenarios (the server lists no others), each with its assistant's id. */
  captainScenarios: InAssistant<CaptainScenarioWire>[];
  /** Kinds asked for that the server or the account does not have (an Enterprise feature), each with why. */
  unavailable: { type: TypeName; reason: string }[];
}

/** What to read and whom to tell. */
export interface ReadOptions {
  /** The kinds to read. */
  types: ReadonlySet<TypeName>;
  /** Whether to ask the Platform API which bots its app made (`--platform`). */
  platform?: boolean;
  /** Called once per kind read, with how many objects it has (progress on a terminal). */
  progress?: (type: TypeName, count: number) => void;
}

/** Per-object reads in flight at once: enough to hide latency, few enough to stay polite. */
const CONCURRENCY = 4;

const webhookList = listUnder(WebhookWire, "webhooks");
/** An assistant's inboxes (the `_inbox` partial): their ids. */
const CaptainInboxIds = list(z.object({ id: z.number().int() }).loose().transform((inbox) => inbox.id));

/**
 * Reads account `accountId` through `client`.
 * @throws ChatwootApiError on the first failed request (authentication, connection, server error).
 */
export async function readAccount(client: ApiClient, accountId: number, options: ReadOptions): Promise<AccountSnapshot> {
  const get = <S extends z.ZodType>(schema: S, path: string, query?: ApiRequest["query"]) => {
    const req: ApiRequest = { method: "GET", path, query };
    return client.send(req).then((res) => parseBody(schema, res, req));
  };
  const at = (...segments: (string | number)[]) => accountPath(accountId, ...segments);
  const wanted = (type: TypeName) => options.types.has(type);
  const counted = <T>(type: TypeName, items: T[]): T[] => {
    options.progress?.(type, items.length);
    return items;
  };
  const kind = async <T>(type: TypeName, read: () => Promise<T[]>): Promise<T[]> => (wanted(type) ? counted(type, await read()) : []);
  const unavailable: AccountSnapshot["unavailable"] = [];
  // An Enterprise kind the server or the account lacks has nothing to export: a note, not a failure.
  const licensed = async <T>(type: TypeName, read: () => Promise<T[]>): Promise<T[]> => {
    const { feature } = resourceType(type);
    if (!wanted(type) || !feature) return kind(type, read);
    try {
      return counted(type, await read());
    } catch (err) {
      const reason = await missingFeature(err, feature, () => get(AccountFeatures, accountRequest(accountId).path));
      if (reason === undefined) throw err;
      unavailable.push({ type, reason });
      return [];
    }
  };

  // Users first: a wrong token fails here, on the first request, with the server's 401.
  const agents = await get(list(AgentWire), at("agents"));
  if (wanted("Agent")) counted("Agent", agents.filter((a) => a.email !== null));
  const attributes = await kind("CustomAttributeDefinition", async () => {
    // Older servers list one model unless asked: ask for each, and keep each definition once.
    const byId = new Map<number, z.output<typeof DefinitionWire>>();
    for (const model of MODELS) {
      const path = at("custom_attribute_definitions");
      const listed = await get(list(DefinitionWire), path, { attribute_model: model }).catch((err: unknown) => {
        // Servers from before company attributes fail on the model they do not know: they have none.
        if (model === "company_attribute" && ChatwootApiError.isInstance(err) && (err.status === 422 || err.status === 500)) return [];
        throw err;
      });
      for (const d of listed) byId.set(d.id, d);
    }
    return [...byId.values()];
  });
  const labels = await kind("Label", () => get(list(LabelWire), at("labels")));
  const [account = null] = await kind("AccountSettings", async () => [await get(single(AccountWire), accountPath(accountId))]);
  const teams = await kind("Team", async () => {
    const found = await get(list(TeamWire), at("teams"));
    return inBatches(found, async (team) => ({
      team,
      memberIds: wanted("TeamMembership") ? (await get(Members, at("teams", team.id, "team_members"))).map((a) => a.id) : [],
    }));
  });
  if (wanted("TeamMembership")) counted("TeamMembership", teams.filter((t) => t.memberIds.length > 0));
  // The account lists its own bots and the system bots, which belong to no account and are not exported.
  const agentBots = await kind("AgentBot", async () => (await get(list(AgentBotWire), at("agent_bots"))).filter((bot) => bot.account_id === accountId));
  const platformBotIds = new Set<number>();
  if (wanted("AgentBot") && options.platform) {
    // A Platform App sees the bots it made, of every account.
    for (const bot of await get(list(AgentBotWire), platformPath("agent_bots"))) if (bot.account_id === accountId) platformBotIds.add(bot.id);
  }
  const inboxes = await kind("Inbox", async () => {
    const found = await get(list(InboxServerWire), at("inboxes"));
    return inBatches(found, async (inbox): Promise<InboxRead> => {
      const read: InboxRead = { inbox, botId: await get(InboxBot, at("inboxes", inbox.id, "agent_bot")), memberIds: [] };
      if (wanted("InboxMembership")) read.memberIds = (await get(Members, at("inbox_members", inbox.id))).map((a) => a.id);
      return read;
    });
  });
  if (wanted("InboxMembership")) counted("InboxMembership", inboxes.filter((i) => i.memberIds.length > 0));
  // A WhatsApp inbox's survey template is named in its survey settings: no request of its own.
  const csatTemplates = await kind("InboxCsatTemplate", async () =>
    inboxes
      .filter(({ inbox }) => inbox.channel_type === "Channel::Whatsapp" && typeof (inbox.csat_config as { template?: { name?: unknown } } | null)?.template?.name === "string")
      .map(({ inbox }) => ({ inboxId: inbox.id, csatConfig: inbox.csat_config })),
  );
  const slaPolicies = await licensed("SlaPolicy", () => get(list(SlaPolicyWire), at("sla_policies")));
  const customRoles = await licensed("CustomRole", () => get(list(CustomRoleWire), at("custom_roles")));
  const captainCustomTools = await licensed("CaptainCustomTool", () =>
    readAllPages((page) => get(list(CaptainCustomToolWire), at("captain", "custom_tools"), { page: String(page) })),
  );
  // Captain's kinds share one list of the assistants (and its 403 in an account without Captain).
  let assistantList: Promise<CaptainAssistantWire[]> | undefined;
  const listAssistants = () => (assistantList ??= get(list(CaptainAssistantWire), at("captain", "assistants")));
  const ofAssistants = async <T>(read: (assistantId: number) => Promise<T[]>) =>
    (await inBatches(await listAssistants(), async (a) => (await read(a.id)).map((item) => ({ ...item, assistant_id: a.id })))).flat();
  const captainAssistants = await licensed("CaptainAssistant", listAssistants);
  // Documents are one list of the account, 25 a page.
  const captainDocuments = await licensed("CaptainDocument", () =>
    readAllPages((page) => get(list(CaptainDocumentWire), at("captain", "documents"), { page: String(page) })),
  );
  const captainInboxes = await licensed("CaptainAssistantInbox", async () =>
    (await ofAssistants((id) => get(CaptainInboxIds, at("captain", "assistants", id, "inboxes")).then((ids) => ids.map((inboxId) => ({ inboxId })))))
      .map((link) => ({ assistantId: link.assistant_id, inboxId: link.inboxId })),
  );
  const captainScenarios = await licensed("CaptainScenario", () =>
    ofAssistants((id) => get(list(CaptainScenarioWire), at("captain", "assistants", id, "scenarios"))),
  );
  // An account without settings shows a blank object (`id: null`): none to export.
  const samlSettings = await licensed("SamlSettings", async () => [await get(single(SamlSettingsWire), at("saml_settings"))].filter((s) => s.id != null));
  // The policies list their inbox limits: one request reads both kinds, and a server without them lacks both.
  const capacityKinds = (["AgentCapacityPolicy", "AgentCapacityPolicyInboxLimit", "AgentCapacityPolicyUser"] as const).filter(wanted);
  let listedCapacity: z.output<typeof AgentCapacityPolicyWire>[] = [];
  if (capacityKinds.length > 0) {
    try {
      listedCapacity = await get(list(AgentCapacityPolicyWire), at("agent_capacity_policies"));
    } catch (err) {
      const reason = await missingFeature(err, resourceType("AgentCapacityPolicy").feature!, () => get(AccountFeatures, accountRequest(accountId).path));
      if (reason === undefined) throw err;
      for (const type of capacityKinds) unavailable.push({ type, reason });
    }
  }
  const capacityPolicies = await kind("AgentCapacityPolicy", async () => listedCapacity);
  const capacityLimits = await kind("AgentCapacityPolicyInboxLimit", async () => listedCapacity.flatMap((p) => p.inbox_capacity_limits.map((l) => ({ ...l, policyId: p.id }))));
  // Each policy lists its users: one membership per policy that has any.
  const capacityUsers = await kind("AgentCapacityPolicyUser", async () =>
    (await inBatches(listedCapacity, async (p) => ({ policyId: p.id, userIds: (await get(Members, at("agent_capacity_policies", p.id, "users"))).map((a) => a.id) }))).filter(
      (m) => m.userIds.length > 0,
    ),
  );
  // The policies, and their inboxes for the links. A server from before Assignment V2 has no such route.
  const policyKinds = (["AssignmentPolicy", "InboxAssignmentPolicy"] as const).filter(wanted);
  const listedPolicies =
    policyKinds.length === 0
      ? []
      : await get(list(AssignmentPolicyWire), at("assignment_policies")).catch((err: unknown) => {
          if (!isNotFound(err)) throw err;
          for (const type of policyKinds) unavailable.push({ type, reason: "the server has no assignment policies (Chatwoot before Assignment V2)" });
          return [];
        });
  const assignmentPolicies = await kind("AssignmentPolicy", async () => listedPolicies);
  // Each policy's inboxes: from the list where the server renders them, else from the policy's own inbox list.
  const inboxPolicies = await kind("InboxAssignmentPolicy", async () =>
    (await inBatches(listedPolicies, async (p) => ({ policyId: p.id, inboxIds: p.inboxes ?? (await get(PolicyInboxesWire, at("assignment_policies", p.id, "inboxes"))) }))).flatMap((p) =>
      p.inboxIds.map((inboxId) => ({ inboxId, policyId: p.policyId })),
    ),
  );
  // Categories and articles are read portal by portal, so the portals are listed for them too.
  const helpCenter = ["Portal", "PortalCategory", "PortalArticle"].some((type) => wanted(type as TypeName));
  const listedPortals = helpCenter ? await get(list(PortalWire), at("portals")) : [];
  const inPortals = async <S extends z.ZodType<{ id: number }>>(type: TypeName, wire: S, collection: string) =>
    kind(type, async () =>
      (
        await inBatches(listedPortals, async (portal) => {
          const path = at("portals", portal.slug, collection);
          const items = await readAllPages((page) => get(list(wire), path, { page: String(page) }) as Promise<z.output<S>[]>);
          return items.map((item) => ({ ...item, portal_id: portal.id, portal_slug: portal.slug }));
        })
      ).flat(),
    );
  return {
    accountId,
    // A kind the server lacks was not exported: what refers to it says so.
    types: new Set([...options.types].filter((type) => !unavailable.some((u) => u.type === type))),
    agents,
    account,
    attributes,
    labels,
    teams,
    agentBots,
    platformBotIds,
    inboxes,
    portals: await kind("Portal", async () => listedPortals),
    categories: await inPortals("PortalCategory", PortalCategoryWire, "categories"),
    articles: await inPortals("PortalArticle", PortalArticleWire, "articles"),
    rules: await kind("AutomationRule", () => get(list(RuleWire), at("automation_rules"))),
    webhooks: await kind("Webhook", () => get(webhookList, at("webhooks"))),
    cannedResponses: await kind("CannedResponse", () => get(list(CannedResponseWire), at("canned_responses"))),
    macros: await kind("Macro", () => get(list(MacroWire), at("macros"))),
    slaPolicies,
    assignmentPolicies,
    inboxPolicies,
    customRoles,
    csatTemplates,
    samlSettings,
    capacityPolicies,
    capacityLimits,
    capacityUsers,
    dashboardApps: await kind("DashboardApp", () => get(list(DashboardAppWire), at("dashboard_apps"))),
    campaigns: await kind("Campaign", () => get(list(CampaignWire), at("campaigns"))),
    // Hooks have no index: each app lists the account's hooks of it (a server without the app answers 404: none).
    integrationHooks: await kind("IntegrationHook", async () =>
      (
        await inBatches(SETTINGS_APP_IDS, (app) =>
          get(single(IntegrationAppWire), at("integrations", "apps", app)).then(
            (found) => found.hooks,
            (err: unknown) => (ChatwootApiError.isInstance(err) && err.status === 404 ? [] : Promise.reject(err)),
          ),
        )
      ).flat(),
    ),
    captainCustomTools,
    captainAssistants,
    captainScenarios,
    captainInboxes,
    captainDocuments,
    unavailable,
  };
}

/** `read` for every item, at most {@link CONCURRENCY} at a time; results in the items' order. */
async function inBatches<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await read(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/** `4 labels`, `1 inbox` */
export function countOf(type: TypeName, n: number): string {
  const t = resourceType(type);
  return `${n} ${n === 1 ? t.noun : t.plural}`;
}
