/**
 * The reference map: what each server id of an account stands for, so that the exported program
 * and the comparison of two accounts speak of objects, never of one installation's ids (the idea of
 * datadog-sync-cli's `resource_connections`). An inbox id becomes that inbox, a team id that team,
 * an SLA policy, assignment policy or custom role id that policy or role, a user id the person with that e-mail
 * address, a label title that label, a custom attribute key that definition, a portal, category
 * or article id that portal, category or article. What cannot be mapped stays as it was, with the
 * reason, to be shown.
 */
import type { AccountSnapshot } from "./account";
import { resourceType, type TypeName } from "./resource-types";

/** Another exported object, by kind and natural key, and which of its properties is meant. */
export class Ref {
  constructor(
    readonly type: TypeName,
    readonly key: string,
    /** `id` (the object's id as a number), or the property holding its natural key. */
    readonly field: "id" | "title" | "attributeKey",
  ) {}
}

/** A user of the account, found in any account by e-mail address (where agents are not exported). */
export class AgentRef {
  constructor(readonly email: string) {}
}

/** A value that could not be mapped: kept as the server holds it, with the reason. */
export class Unmapped {
  constructor(
    readonly value: unknown,
    readonly reason: string,
  ) {}
}

/**
 * An id of an object the export leaves out by name (`--exclude 'inbox:Acme *'`). Where an object
 * refers to it as the object it belongs to (a membership's inbox, a category's portal: a required
 * reference), that object is left out too; elsewhere it is not declared, as any unmapped id.
 */
export class Excluded extends Unmapped {
  constructor(
    value: unknown,
    /** The object left out, in words (`inbox "Acme Support"`). */
    readonly what: string,
    /** The flag that left it out (`--exclude 'inbox:Acme *'`). */
    readonly flag: string,
  ) {
    super(value, `${what} is left out (${flag})`);
  }
}

/** An object left out by name, in words, and the flag that left it out. */
export interface Exclusion {
  what: string;
  flag: string;
}

/**
 * How a value follows from the exported program's config. Each language writes it its own way
 * (sdk/clone/program.ts, sdk/clone/yaml-program.ts), so the model says what, not how.
 */
export type ConfigRule =
  /** Adopted where the `adopt` setting says so (a natural-key kind). */
  | { kind: "adopt" }
  /** Adopted by the exported id where `adopt` says so, created otherwise (a kind without a natural key). */
  | { kind: "adopt-id" }
  /** Adopted by the exported id where `adopt` says so, otherwise by the id in `setting` (an object that can only be adopted). */
  | { kind: "adopt-id-or-setting"; setting: string }
  /** `setting`'s value where the stack sets it; not declared otherwise (a copy keeps its own). */
  | { kind: "optional-setting"; setting: string }
  /**
   * `setting`'s value where the stack sets one that is not blank (its default); not declared
   * otherwise: what each account of a template has its own of (its name, support address, domains).
   */
  | { kind: "blank-setting"; setting: string }
  /** The id in `setting`, which each account gives (a template's inbox that can only be adopted). */
  | { kind: "id-setting"; setting: string }
  /** A slug unique across an installation: with the portal suffix where one is set. */
  | { kind: "suffixed-slug" }
  /** A custom domain, unique across an installation: declared only where no portal suffix is set. */
  | { kind: "unsuffixed-domain" }
  /** A credential the API never shows (an integration hook's API key): a secret of the stack the user sets, named after the object and `key`. */
  | { kind: "secret-setting"; key: string };

/**
 * A value the program takes from its config: `value` is what it is in the exported account,
 * `rule` how the program computes it. `compared`: whether `diff` compares it.
 */
export class Configured {
  constructor(
    readonly value: unknown,
    readonly rule: ConfigRule,
    readonly compared: boolean,
  ) {}
}

/** What an id of a kind referred to by id maps to. */
export type IdReference = Ref | Unmapped;

/** The indefinite article of a noun as it is spoken (`an inbox`, `an SLA policy`, `a team`). */
const a = (noun: string) => `${/^(?:[aeiou]|SLA\b)/i.test(noun) ? "an" : "a"} ${noun}`;

/** `contact_attribute` → `contact`. */
const modelWord = (model: string) => model.replace(/_attribute$/, "");

/** The natural key of one object of each kind, before duplicates are told apart. */
function baseKeys(snapshot: AccountSnapshot): [TypeName, { id: number; key: string }[]][] {
  const named = (name: string | null | undefined) => (name == null || name.trim() === "" ? "(no name)" : name);
  const inboxes = snapshot.inboxes.map(({ inbox }) => ({ id: inbox.id, key: named(inbox.name) }));
  const inboxKey = (id: number) => inboxes.find((i) => i.id === id)?.key ?? `inbox ${id}`;
  const assistantKey = (id: number) => named(snapshot.captainAssistants.find((x) => x.id === id)?.name ?? `assistant ${id}`);
  const capacityKey = (id: number) => named(snapshot.capacityPolicies.find((p) => p.id === id)?.name ?? `policy ${id}`);
  const teams = snapshot.teams.map(({ team }) => ({ id: team.id, key: team.name.toLowerCase() }));
  const people = snapshot.agents.flatMap((a) => (a.email?.trim() ? [{ id: a.id, key: a.email.trim().toLowerCase() }] : []));
  return [
    ["Agent", people],
    // One per account: what `diff` matches the two accounts' settings by.
    ["AccountSettings", snapshot.account ? [{ id: snapshot.account.id, key: "account" }] : []],
    ["CustomAttributeDefinition", snapshot.attributes.map((d) => ({ id: d.id, key: `${d.attribute_key} (${modelWord(d.attribute_model)})` }))],
    ["Label", snapshot.labels.map((l) => ({ id: l.id, key: l.title.toLowerCase() }))],
    ["Team", teams],
    ["AgentBot", snapshot.agentBots.map((b) => ({ id: b.id, key: named(b.name) }))],
    ["Inbox", inboxes],
    // A membership is keyed by its inbox or team (its id is theirs).
    ["InboxMembership", inboxes],
    ["TeamMembership", teams],
    ["Portal", snapshot.portals.map((p) => ({ id: p.id, key: p.slug }))],
    // In their portal: a category by locale and slug, an article by slug (unique in the installation).
    ["PortalCategory", snapshot.categories.map((c) => ({ id: c.id, key: `${c.portal_slug}/${c.locale}/${c.slug}` }))],
    ["PortalArticle", snapshot.articles.map((a) => ({ id: a.id, key: `${a.portal_slug}/${a.slug}` }))],
    ["AutomationRule", snapshot.rules.map((r) => ({ id: r.id, key: named(r.name) }))],
    ["Webhook", snapshot.webhooks.map((w) => ({ id: w.id, key: w.url }))],
    ["CannedResponse", snapshot.cannedResponses.map((c) => ({ id: c.id, key: c.short_code }))],
    ["Macro", snapshot.macros.map((m) => ({ id: m.id, key: named(m.name) }))],
    ["SlaPolicy", snapshot.slaPolicies.map((p) => ({ id: p.id, key: named(p.name) }))],
    ["AssignmentPolicy", snapshot.assignmentPolicies.map((p) => ({ id: p.id, key: p.name }))],
    // An inbox's policy link is keyed by its inbox (its id is the inbox's).
    ["InboxAssignmentPolicy", inboxes],
    // An inbox's survey template, by its inbox (it has at most one).
    ["InboxCsatTemplate", inboxes],
    ["CustomRole", snapshot.customRoles.map((r) => ({ id: r.id, key: named(r.name) }))],
    // One per account, like its settings.
    ["SamlSettings", snapshot.samlSettings.map(() => ({ id: snapshot.accountId, key: "saml" }))],
    ["AgentCapacityPolicy", snapshot.capacityPolicies.map((p) => ({ id: p.id, key: named(p.name) }))],
    // A membership is keyed by its policy (its id is the policy's).
    ["AgentCapacityPolicyUser", snapshot.capacityUsers.map((m) => ({ id: m.policyId, key: capacityKey(m.policyId) }))],
    // A limit is keyed by its policy and inbox (a policy has one per inbox).
    ["AgentCapacityPolicyInboxLimit", snapshot.capacityLimits.map((l) => ({ id: l.id, key: `${capacityKey(l.policyId)} / ${inboxKey(l.inbox_id)}` }))],
    ["DashboardApp", snapshot.dashboardApps.map((a) => ({ id: a.id, key: named(a.title) }))],
    ["Campaign", snapshot.campaigns.map((c) => ({ id: c.id, key: named(c.title) }))],
    // An app, and for an inbox's hook its inbox (several hooks of one app and inbox are told apart by id).
    ["CaptainAssistant", snapshot.captainAssistants.map((a) => ({ id: a.id, key: named(a.name) }))],
    // A Captain link is keyed by its inbox (an inbox has one assistant).
    ["CaptainAssistantInbox", snapshot.captainInboxes.map((l) => ({ id: l.inboxId, key: inboxKey(l.inboxId) }))],
    // In its assistant: a document by link, a scenario by title.
    ["CaptainDocument", snapshot.captainDocuments.map((d) => ({ id: d.id, key: `${assistantKey(d.assistant_id ?? 0)}/${d.external_link}` }))],
    ["CaptainScenario", snapshot.captainScenarios.map((sc) => ({ id: sc.id, key: `${assistantKey(sc.assistant_id)}/${sc.title}` }))],
    ["IntegrationHook", snapshot.integrationHooks.map((h) => ({ id: h.id, key: h.inbox_id === null ? h.app_id : `${h.app_id} in ${inboxKey(h.inbox_id)}` }))],
    // By title, which a copy's slug is made from (the slug stays when a tool is renamed).
    ["CaptainCustomTool", snapshot.captainCustomTools.map((t) => ({ id: t.id, key: named(t.title) }))],
  ];
}

/**
 * Natural keys by kind and id. Where a key repeats (the names of inboxes, bots, rules, macros, SLA
 * policies and custom roles, and dashboard apps', campaigns' and custom tools' titles need not be unique), the objects are told apart in the order of their ids, which is the order they were
 * made in: `Support`, `Support #2`. A copy made by applying the export keeps that order.
 */
export function naturalKeys(snapshot: AccountSnapshot): Map<TypeName, Map<number, string>> {
  const keys = new Map<TypeName, Map<number, string>>();
  for (const [type, objects] of baseKeys(snapshot)) {
    const seen = new Map<string, number>();
    const byId = new Map<number, string>();
    for (const { id, key } of [...objects].sort((a, b) => a.id - b.id)) {
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      byId.set(id, n === 1 ? key : `${key} #${n}`);
    }
    keys.set(type, byId);
  }
  return keys;
}

/** A positive integer id given as a number or a digit string; undefined for anything else. */
export function asId(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The key of object `id` of a kind in a set of objects (`Inbox\u00005`). */
export const objectKey = (type: TypeName, id: number) => `${type}\u0000${id}`;

/**
 * Maps the ids, titles and keys of one account's snapshot to references; `excluded` holds the
 * objects left out by name (by {@link objectKey}), each with why.
 */
export class ReferenceMap {
  private readonly keys: Map<TypeName, Map<number, string>>;
  private readonly emails = new Map<number, string | null>();

  constructor(
    private readonly snapshot: AccountSnapshot,
    private readonly excluded: ReadonlyMap<string, Exclusion> = new Map(),
  ) {
    this.keys = naturalKeys(snapshot);
    for (const agent of snapshot.agents) this.emails.set(agent.id, agent.email?.trim() || null);
  }

  /** Why object `id` of a kind is left out by name, if it is. */
  private exclusion(type: TypeName, id: number): Exclusion | undefined {
    return this.excluded.get(objectKey(type, id));
  }

  /** The natural key of object `id` of a kind, if the account has it. */
  keyOf(type: TypeName, id: number): string | undefined {
    return this.keys.get(type)?.get(id);
  }

  /** An inbox id (a number or digit string) as a reference to that inbox. */
  inbox(value: unknown): IdReference {
    return this.byId("Inbox", value);
  }

  /** A team id as a reference to that team. */
  team(value: unknown): IdReference {
    return this.byId("Team", value);
  }

  /** An agent bot id as a reference to that bot. */
  bot(value: unknown): IdReference {
    return this.byId("AgentBot", value);
  }

  /** An SLA policy id (an `add_sla` action's parameter, a `sla_policy_id` condition's value) as a reference to that policy. */
  slaPolicy(value: unknown): IdReference {
    return this.byId("SlaPolicy", value);
  }

  /** An assignment policy id (an inbox's link) as a reference to that policy. */
  assignmentPolicy(value: unknown): IdReference {
    return this.byId("AssignmentPolicy", value);
  }

  /** An agent capacity policy id (an inbox limit's policy) as a reference to that policy. */
  capacityPolicy(value: unknown): IdReference {
    return this.byId("AgentCapacityPolicy", value);
  }

  /** A custom role id (an agent's `custom_role_id`) as a reference to that role. */
  customRole(value: unknown): IdReference {
    return this.byId("CustomRole", value);
  }

  /** A Captain assistant id (of its scenarios, documents and inboxes) as a reference to that assistant. */
  captainAssistant(value: unknown): IdReference {
    return this.byId("CaptainAssistant", value);
  }

  /** A portal id as a reference to that portal. */
  portal(value: unknown): IdReference {
    return this.byId("Portal", value);
  }

  /** A help-center category id as a reference to that category. */
  category(value: unknown): IdReference {
    return this.byId("PortalCategory", value);
  }

  /** A help-center article id as a reference to that article. */
  article(value: unknown): IdReference {
    return this.byId("PortalArticle", value);
  }

  /**
   * A user id as the person with that e-mail address: their exported `Agent` where agents are
   * exported, otherwise a look-up by address in the account the program runs against.
   */
  agent(value: unknown): Ref | AgentRef | Unmapped {
    const id = asId(value);
    if (id === undefined) return new Unmapped(value, `${JSON.stringify(value)} is not a user id`);
    const email = this.emails.get(id);
    if (email === undefined) return new Unmapped(value, `user ${id} is not a user of account ${this.snapshot.accountId}`);
    if (email === null) return new Unmapped(value, `user ${id} has no e-mail address, so the same person cannot be found in another account`);
    // A person left out is not managed, and is still found by e-mail address.
    return this.snapshot.types.has("Agent") && !this.exclusion("Agent", id) ? new Ref("Agent", this.keyOf("Agent", id) as string, "id") : new AgentRef(email);
  }

  /** A label id (a one-off campaign's audience) as a reference to that label's id. */
  labelId(value: unknown): IdReference {
    return this.byId("Label", value);
  }

  /** A label title as that label's `title`; a title the account has no label for stays as it is. */
  label(value: unknown): Ref | unknown {
    if (typeof value !== "string") return value;
    const label = this.snapshot.labels.find((l) => l.title.toLowerCase() === value.toLowerCase());
    // A label left out is named by its title, as one the account does not have.
    return label && !this.exclusion("Label", label.id) ? new Ref("Label", this.keyOf("Label", label.id) as string, "title") : value;
  }

  /**
   * A custom attribute key as that definition's `attributeKey`. `model` (`contact_attribute`, ...)
   * settles a key two models share; without it such a key stays as it is. Undefined when no
   * definition has the key (a built-in attribute such as `status`).
   */
  attribute(key: string, model?: unknown): Ref | undefined {
    const matches = this.snapshot.attributes.filter((d) => d.attribute_key === key && (typeof model !== "string" || d.attribute_model === model));
    const id = matches.length === 1 ? (matches[0] as { id: number }).id : undefined;
    if (id === undefined || this.exclusion("CustomAttributeDefinition", id)) return undefined;
    return new Ref("CustomAttributeDefinition", this.keyOf("CustomAttributeDefinition", id) as string, "attributeKey");
  }

  /**
   * The help center an inbox shows (`help_center {slug}`: servers show it by slug only) as a
   * reference to that portal's id; unmapped when portals are not exported or the slug is not one of
   * the account's portals.
   */
  portalBySlug(slug: unknown): IdReference {
    if (typeof slug !== "string") return new Unmapped(undefined, `${JSON.stringify(slug)} is not a portal's slug`);
    if (!this.snapshot.types.has("Portal")) return new Unmapped(undefined, `portal "${slug}": portals are not part of this export`);
    const portal = this.snapshot.portals.find((p) => p.slug === slug);
    if (!portal) return new Unmapped(undefined, `portal "${slug}" is not a portal of account ${this.snapshot.accountId}`);
    const excluded = this.exclusion("Portal", portal.id);
    if (excluded) return new Unmapped(undefined, `${excluded.what} is left out (${excluded.flag})`);
    return new Ref("Portal", this.keyOf("Portal", portal.id) as string, "id");
  }

  private byId(type: TypeName, value: unknown): IdReference {
    const { noun, plural } = resourceType(type);
    const id = asId(value);
    if (id === undefined) return new Unmapped(value, `${JSON.stringify(value)} is not ${a(noun)} id`);
    if (!this.snapshot.types.has(type)) return new Unmapped(value, `${noun} ${id}: ${plural} are not part of this export`);
    const key = this.keyOf(type, id);
    if (key === undefined) return new Unmapped(value, `${noun} ${id} is not ${a(noun)} of account ${this.snapshot.accountId}`);
    const excluded = this.exclusion(type, id);
    if (excluded) return new Excluded(value, excluded.what, excluded.flag);
    return new Ref(type, key, "id");
  }
}
