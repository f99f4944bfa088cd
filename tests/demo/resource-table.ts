/**
 * The demo's closing tables: what the stack holds (type, name, id and the fields that identify
 * each object) and the stack outputs. Values that are not plain (secret markers of either engine)
 * print as `[secret]`, so a token cannot reach the table even if it sat under a key field.
 */
import { ADOPTED_KEY } from "../../provider/lifecycle/adopt";

/** A resource of the stack, as either engine reports it. */
export interface StackResource {
  /** The full type token, e.g. `pulumi-nodejs:dynamic/chatwoot:Portal`. */
  type: string;
  name: string;
  id: string;
  outputs: Record<string, unknown>;
}

/** A plain value for display; anything structured (a secret marker) is `[secret]`. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "-";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return value.join(", ");
  return "[secret]";
}

/** The fields that tell one object of each type from another. */
const KEY_FIELDS: Record<string, (o: Record<string, unknown>) => string> = {
  AgentBot: (o) => `"${shown(o.name)}" -> ${shown(o.outgoingUrl)}`,
  Portal: (o) => `/hc/${shown(o.slug)}, inbox ${shown(o.inboxId)}`,
  PortalCategory: (o) => `/hc/${shown(o.portalSlug)}/${shown(o.locale)}/categories/${shown(o.slug)}`,
  PortalArticle: (o) => `/hc/${shown(o.portalSlug)}/articles/${shown(o.slug)} (${shown(o.status)})`,
  AutomationRule: (o) => `"${shown(o.name)}" on ${shown(o.eventName)}${o.active === false ? " (inactive)" : ""}`,
  CustomAttributeDefinition: (o) => `${shown(o.attributeKey)} (${shown(o.attributeModel)}, ${shown(o.attributeDisplayType)})`,
  InboxMembership: (o) => `inbox ${shown(o.inboxId)}: users ${shown(o.userIds)}${o.exclusive === true ? " (exclusive)" : ""}`,
  Team: (o) => `"${shown(o.name)}"`,
  TeamMembership: (o) => `team ${shown(o.teamId)}: users ${shown(o.userIds)}${o.exclusive === true ? " (exclusive)" : ""}`,
  Label: (o) => `${shown(o.title)} (${shown(o.color)})`,
  Webhook: (o) => `${shown(o.url)} (${Array.isArray(o.subscriptions) ? o.subscriptions.length : 0} events)`,
  CannedResponse: (o) => `/${shown(o.shortCode)}`,
  Macro: (o) => `"${shown(o.name)}" (${shown(o.visibility)})`,
  Inbox: (o) => `"${shown(o.name)}" (${shown(o.channelType)})`,
  SlaPolicy: (o) => `"${shown(o.name)}" (first response ${shown(o.firstResponseTimeThreshold)} s, resolution ${shown(o.resolutionTimeThreshold)} s)`,
  AssignmentPolicy: (o) => `"${shown(o.name)}" (${shown(o.assignmentOrder)}, ${shown(o.fairDistributionLimit)} per ${shown(o.fairDistributionWindow)} s)`,
  InboxAssignmentPolicy: (o) => `inbox ${shown(o.inboxId)}: policy ${shown(o.assignmentPolicyId)}`,
  AgentCapacityPolicy: (o) => `"${shown(o.name)}"`,
  AgentCapacityPolicyUser: (o) => `policy ${shown(o.policyId)}: users ${shown(o.userIds)}${o.exclusive === true ? " (exclusive)" : ""}`,
  AgentCapacityPolicyInboxLimit: (o) => `policy ${shown(o.policyId)}, inbox ${shown(o.inboxId)}: ${shown(o.conversationLimit)} conversations`,
  CustomRole: (o) => `"${shown(o.name)}": ${shown(o.permissions)}`,
  SamlSettings: (o) => `${shown(o.ssoUrl)} (certificate ${shown(o.fingerprint)})`,
  DashboardApp: (o) => `"${shown(o.title)}" -> ${shown(o.frameUrls)}`,
  Campaign: (o) => `"${shown(o.title)}" on inbox ${shown(o.inboxId)} (${shown(o.campaignType)}, ${shown(o.campaignStatus)})`,
  CaptainAssistant: (o) => `"${shown(o.name)}" (${shown(o.productName)})`,
  CaptainScenario: (o) => `assistant ${shown(o.assistantId)}: "${shown(o.title)}" (tools ${shown(o.tools)})`,
  CaptainAssistantInbox: (o) => `inbox ${shown(o.inboxId)}: assistant ${shown(o.assistantId)}`,
  CaptainDocument: (o) => `assistant ${shown(o.assistantId)}: ${shown(o.externalLink)} (${shown(o.status)})`,
};

/** `pulumi-nodejs:dynamic/chatwoot:Portal` → `Portal`. */
const shortType = (type: string) => type.slice(type.lastIndexOf(":") + 1);

/** Left-aligned columns under a header. */
function columns(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  return [header, ...rows].map((cells) => `  ${cells.map((c, i) => c.padEnd(widths[i])).join("  ")}`.trimEnd());
}

/** One row per resource: TYPE, NAME, ID, KEY FIELDS; an object taken over rather than created says so. */
export function formatResourceTable(resources: readonly StackResource[]): string {
  if (resources.length === 0) return "  (no resources)";
  const rows = resources.map((r) => {
    const type = shortType(r.type);
    const adopted = r.outputs[ADOPTED_KEY] === true ? " (adopted)" : "";
    return [type, r.name, r.id, `${KEY_FIELDS[type]?.(r.outputs) ?? ""}${adopted}`.trim()];
  });
  return columns(["TYPE", "NAME", "ID", "KEY FIELDS"], rows).join("\n");
}

/**
 * One line per stack output. Both engines hand over outputs with secrets already masked as
 * `[secret]` (the offline runner's summary, `pulumi stack output --json`), so structured values
 * are shown as JSON.
 */
export function formatOutputs(outputs: Record<string, unknown>): string {
  const entries = Object.entries(outputs).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return "  (no outputs)";
  const width = Math.max(...entries.map(([k]) => k.length));
  const text = (value: unknown) => (typeof value === "object" && value !== null && shown(value) === "[secret]" ? JSON.stringify(value) : shown(value));
  return entries.map(([key, value]) => `  ${key.padEnd(width)}  ${text(value)}`).join("\n");
}
