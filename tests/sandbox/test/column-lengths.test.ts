/**
 * ApplicationRecord's `validates_column_content_length` (app/models/application_record.rb at
 * fd5ac2a8a): a string column holds at most 255 characters, a text column 20,000, and a longer value
 * is RecordInvalid's "<Attribute> is too long (maximum is N characters)", for every model whose
 * column has no length validator of its own. One row per route and column; automation rules,
 * macros, SLA policies, the account and Platform users have theirs in their own files.
 */
import { outcome, seedClients, useSandbox } from "./http";

type Kind = "string" | "text";
const MAX: Record<Kind, number> = { string: 255, text: 20_000 };

/** `humanize` of the attribute, as full messages start. */
const humanized = (attribute: string) => {
  const words = attribute.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

interface Row {
  /** The route and the column. */
  name: string;
  path: string;
  /** A valid body, and the one field set to `value(length)`. */
  body: Record<string, unknown>;
  field: string;
  kind: Kind;
  /** The value of `length` characters (a URL or key stays well formed). */
  value?: (length: number) => string;
  /** The collection the Platform API's app 1 or account 1's administrator writes. */
  client?: "platform";
}

const CATEGORIES = "/api/v1/accounts/1/portals/help/categories";
const ARTICLES = "/api/v1/accounts/1/portals/help/articles";
const url = (length: number) => `https://hooks.acme.test/${"p".repeat(length - 24)}`;

const ROWS: Row[] = [
  { name: "a label's title", path: "/api/v1/accounts/1/labels", body: {}, field: "title", kind: "string" },
  { name: "a label's description", path: "/api/v1/accounts/1/labels", body: { title: "vip" }, field: "description", kind: "text" },
  { name: "a team's name", path: "/api/v1/accounts/1/teams", body: {}, field: "name", kind: "string" },
  { name: "a team's description", path: "/api/v1/accounts/1/teams", body: { name: "ops" }, field: "description", kind: "text" },
  { name: "a canned response's short code", path: "/api/v1/accounts/1/canned_responses", body: { content: "Hi" }, field: "short_code", kind: "string" },
  { name: "a canned response's content", path: "/api/v1/accounts/1/canned_responses", body: { short_code: "hi" }, field: "content", kind: "text" },
  { name: "a webhook's name", path: "/api/v1/accounts/1/webhooks", body: { url: "https://hooks.acme.test/a" }, field: "name", kind: "string" },
  { name: "a webhook's url", path: "/api/v1/accounts/1/webhooks", body: {}, field: "url", kind: "text", value: url },
  { name: "a custom role's name", path: "/api/v1/accounts/1/custom_roles", body: { permissions: [] }, field: "name", kind: "string" },
  { name: "a custom role's description", path: "/api/v1/accounts/1/custom_roles", body: { name: "Desk", permissions: [] }, field: "description", kind: "string" },
  { name: "a dashboard app's title", path: "/api/v1/accounts/1/dashboard_apps", body: { content: [{ type: "frame", url: "https://crm.test" }] }, field: "title", kind: "string" },
  ...(["attribute_display_name", "attribute_key", "regex_pattern", "regex_cue"] as const).map((field) => ({
    name: `a custom attribute's ${field}`,
    path: "/api/v1/accounts/1/custom_attribute_definitions",
    body: { attribute_display_name: "Plan", attribute_key: "plan", attribute_display_type: "text", attribute_model: "contact_attribute" },
    field,
    kind: "string" as const,
  })),
  {
    name: "a custom attribute's attribute_description",
    path: "/api/v1/accounts/1/custom_attribute_definitions",
    body: { attribute_display_name: "Plan", attribute_key: "plan", attribute_display_type: "text", attribute_model: "contact_attribute" },
    field: "attribute_description",
    kind: "text",
  },
  ...(["name", "slug"] as const).map((field) => ({ name: `a category's ${field}`, path: CATEGORIES, body: { name: "Billing", slug: "billing", locale: "en" }, field, kind: "string" as const })),
  { name: "a category's description", path: CATEGORIES, body: { name: "Billing", slug: "billing", locale: "en" }, field: "description", kind: "text" },
  { name: "an article's title", path: ARTICLES, body: { content: "Text", author_id: 1 }, field: "title", kind: "string" },
  ...(["content", "description"] as const).map((field) => ({ name: `an article's ${field}`, path: ARTICLES, body: { title: "Refunds", content: "Text", author_id: 1 }, field, kind: "text" as const })),
  { name: "a Platform account's name", path: "/platform/api/v1/accounts", body: {}, field: "name", kind: "string", client: "platform" },
];

describe("ApplicationRecord's length limits", () => {
  const sandbox = useSandbox();
  const { admin1, platform1 } = seedClients(sandbox);
  beforeEach(async () => {
    await admin1.post("/api/v1/accounts/1/portals", { name: "Help", slug: "help" });
  });

  it.each(ROWS.map((row) => [row.name, row] as const))("refuses %s one character over its column, and takes it at the limit", async (_name, row) => {
    const client = row.client === "platform" ? platform1 : admin1;
    const value = row.value ?? ((length: number) => "a".repeat(length));
    const max = MAX[row.kind];
    const over = await client.post(row.path, { ...row.body, [row.field]: value(max + 1) });
    expect(outcome(over)).toEqual([422, { message: `${humanized(row.field)} is too long (maximum is ${max} characters)`, attributes: [row.field] }]);
    const atLimit = await client.post(row.path, { ...row.body, [row.field]: value(max) });
    expect(atLimit.status).toBe(200);
  });
});
