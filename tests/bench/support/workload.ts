/**
 * The inputs the provider benchmark applies: one representative resource per kind with a one-field
 * change (the per-operation figures), and a fleet of resources of all five kinds with varied,
 * realistic inputs (the concurrency figures).
 */
import type { ResourceKind } from "../../../provider";
import type { FleetSeed } from "./fleet-fixture";

export type Props = Record<string, unknown>;

/** One resource of a kind, and the inputs of an update that changes one property. */
export interface Sample {
  kind: ResourceKind;
  inputs: Props;
  changed: Props;
  /** What the update changes, for the table. */
  change: string;
}

export const KINDS: readonly ResourceKind[] = ["AgentBot", "Portal", "AutomationRule", "CustomAttributeDefinition", "InboxMembership"];

const conditions = [
  { attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: "AND" },
  { attributeKey: "content", filterOperator: "contains", values: ["refund"] },
];
const actions = [
  { actionName: "assign_team", actionParams: [2] },
  { actionName: "add_label", actionParams: ["refund"] },
];

/** One sample per kind; the membership uses an inbox of the fleet seed that starts empty. */
export function samples(seed: FleetSeed): Sample[] {
  const [inboxId] = seed.inboxIds;
  const [a, b, c] = seed.agentIds;
  const bot = { name: "Triage", description: "Routes new chats", outgoingUrl: "https://bots.example.test/triage" };
  const portal = {
    name: "Help Center",
    slug: "help",
    color: "#1F93FF",
    customDomain: "https://docs.example.com/start",
    headerText: "How can we help?",
    homepageLink: "https://www.example.com",
    config: { allowedLocales: ["en", "es"], defaultLocale: "en" },
  };
  const rule = { name: "Route refunds", description: "Refund requests to billing", eventName: "message_created", conditions, actions };
  const attribute = {
    attributeKey: "plan",
    attributeModel: "contact_attribute",
    attributeDisplayName: "Plan",
    attributeDisplayType: "list",
    attributeValues: ["free", "pro"],
  };
  const membership = { inboxId, userIds: [a, b] };
  return [
    { kind: "AgentBot", inputs: bot, changed: { ...bot, description: "Routes new and reopened chats" }, change: "description" },
    { kind: "Portal", inputs: portal, changed: { ...portal, headerText: "Search our articles" }, change: "headerText" },
    {
      kind: "AutomationRule",
      inputs: rule,
      changed: { ...rule, conditions: [conditions[0], { ...conditions[1], values: ["refund", "chargeback"] }] },
      change: "conditions",
    },
    {
      kind: "CustomAttributeDefinition",
      inputs: attribute,
      changed: { ...attribute, attributeValues: ["free", "pro", "enterprise"] },
      change: "attributeValues",
    },
    { kind: "InboxMembership", inputs: membership, changed: { ...membership, userIds: [a, b, c] }, change: "userIds +1" },
  ];
}

/** One resource of the fleet. */
export interface FleetMember {
  kind: ResourceKind;
  name: string;
  inputs: Props;
}

/** A small deterministic PRNG (mulberry32), so every run applies the same fleet. */
function random(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const EVENTS = ["conversation_created", "conversation_updated", "conversation_opened", "conversation_resolved", "message_created"];
const DISPLAY_TYPES = ["text", "number", "currency", "percent", "link", "date", "list", "checkbox"];
const MODELS = ["conversation_attribute", "contact_attribute", "company_attribute"];
const LOCALES = [["en"], ["en", "de"], ["en", "es", "pt_BR"], ["fr", "en"]];
const TOPICS = ["billing", "refunds", "onboarding", "shipping", "security", "api", "mobile", "returns"];

/**
 * `total` resources, the five kinds in equal shares, in a shuffled order (the engine starts
 * resources in program order; a real program mixes kinds). Memberships each get their own inbox;
 * one portal in four links its own web-widget inbox.
 */
export function fleet(total: number, seed: FleetSeed): FleetMember[] {
  const rand = random(20_240_601);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const agents = (n: number) => {
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(pick(seed.agentIds));
    return [...chosen];
  };
  const perKind = Math.ceil(total / KINDS.length);
  if (perKind > seed.inboxIds.length) throw new Error(`the fleet needs ${perKind} free inboxes, the seed has ${seed.inboxIds.length}`);
  const members: FleetMember[] = [];
  for (let k = 0; k < perKind; k++) {
    const topic = TOPICS[k % TOPICS.length] ?? "general";
    const bot: Props = { name: `${topic} bot ${k}`, description: `Answers ${topic} questions`, outgoingUrl: `https://bots.acme.test/hooks/${topic}/${k}` };
    if (k % 3 === 0) bot.avatarUrl = `https://cdn.acme.test/avatars/bot-${k}.png`;
    members.push({ kind: "AgentBot", name: `bot-${k}`, inputs: bot });

    const allowed = LOCALES[k % LOCALES.length] ?? ["en"];
    const portal: Props = {
      name: `${topic} help ${k}`,
      slug: `${topic}-help-${k}`,
      color: pick(["#1f93ff", "#0F766E", "#f59e0b"]),
      headerText: `Everything about ${topic}`,
      homepageLink: `https://www.acme.test/${topic}`,
      config: { allowedLocales: allowed, defaultLocale: allowed[0] },
    };
    if (k % 2 === 0) portal.customDomain = `${topic}-${k}.help.acme.test`;
    const widget = seed.widgetInboxIds[k];
    if (k % 4 === 0 && widget !== undefined) portal.inboxId = widget;
    members.push({ kind: "Portal", name: `portal-${k}`, inputs: portal });

    const ruleConditions: Props[] = [
      { attributeKey: "inbox_id", filterOperator: "equal_to", values: [pick(seed.inboxIds)], queryOperator: "and" },
      { attributeKey: "content", filterOperator: "contains", values: [topic], queryOperator: null },
    ];
    const ruleActions: Props[] = [{ actionName: "add_label", actionParams: [topic] }];
    if (k % 2 === 0) ruleActions.push({ actionName: "assign_agent", actionParams: [pick(seed.agentIds)] });
    if (k % 5 === 0) ruleActions.push({ actionName: "send_message", actionParams: [`Thanks! The ${topic} team will get back to you.`] });
    members.push({
      kind: "AutomationRule",
      name: `rule-${k}`,
      inputs: { name: `Route ${topic} ${k}`, description: `Sends ${topic} conversations to the right people`, eventName: EVENTS[k % EVENTS.length], active: k % 7 !== 0, conditions: ruleConditions, actions: ruleActions },
    });

    const displayType = DISPLAY_TYPES[k % DISPLAY_TYPES.length] ?? "text";
    const attribute: Props = {
      attributeKey: `${topic}_${k}`,
      attributeModel: MODELS[k % MODELS.length],
      attributeDisplayName: `${topic} ${k}`,
      attributeDisplayType: displayType,
      attributeDescription: `Tracks ${topic} details`,
    };
    if (displayType === "list") attribute.attributeValues = ["low", "medium", "high"];
    if (displayType === "text" && k % 2 === 0) Object.assign(attribute, { regexPattern: "^[A-Z]{2}-\\d{4}$", regexCue: "Format: AB-1234" });
    members.push({ kind: "CustomAttributeDefinition", name: `attribute-${k}`, inputs: attribute });

    members.push({
      kind: "InboxMembership",
      name: `members-${k}`,
      inputs: { inboxId: seed.inboxIds[k], userIds: agents(1 + (k % 4)), exclusive: k % 10 === 0 },
    });
  }
  // Fisher-Yates with the same PRNG.
  for (let i = members.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [members[i], members[j]] = [members[j] as FleetMember, members[i] as FleetMember];
  }
  return members.slice(0, total);
}
