/**
 * Captain custom tools (Enterprise: captain/custom_tools_controller.rb, Captain::CustomTool,
 * Concerns::SafeEndpointValidatable, Captain::CustomToolPolicy), behaving like current upstream:
 * - `params.require(:custom_tool).permit(:title, :description, :endpoint_url, :http_method,
 *   :request_template, :response_template, :auth_type, :enabled, auth_config: {}, headers: {},
 *   param_schema: [:name, :type, :description, :required])` (keys of a parameter other than those
 *   four are dropped by `permit`, before the model's JSON schema could refuse them);
 * - validations (422 RecordInvalid): title and endpoint_url presence; `http_method` GET/POST and
 *   `auth_type` none/bearer/basic/api_key enums with `validate: true` ("is not included in the
 *   list"); every parameter needs name, type and description (`PARAM_SCHEMA_VALIDATION`); the SSRF
 *   guard on `endpoint_url`, Liquid placeholders standing for a value: https only, a host name
 *   (no IP address), not `localhost` or `*.local`, each with upstream's message (the guard's
 *   FRONTEND_URL host is not played: its default, localhost, is refused anyway);
 * - `slug`: `custom_<title parameterized with _>`, at most 64 characters, made once, at creation
 *   (`before_validation`, only while blank), unique in the account: a taken one gets `_` and six
 *   random lowercase letters or digits (the base cut to 57);
 * - defaults: http_method GET, auth_type none, auth_config {}, headers {}, enabled true;
 * - `before_create :ensure_within_limit`: an account with 15 tools (50 with the
 *   `captain_tool_catalog` feature) refuses another, 422 `{"error": ...}` (the wording of
 *   `captain.custom_tool.limit_exceeded` is the sandbox's: upstream's locale file was not read).
 *
 * Which upstream: a later layout of these files than upstream's commit fd5ac2a8a (2026-02-13), as
 * the search index has it, because the provider's CaptainCustomTool manages `headers`, which only
 * that layout has. At fd5ac2a8a (enterprise/app/controllers/api/v1/accounts/captain/custom_tools_controller.rb,
 * enterprise/app/models/captain/custom_tool.rb, db/schema.rb) there is no `headers` column or
 * permit, no per-account limit, no slug length cap, no `ensure_custom_tools_enabled` guard, the
 * index lists the enabled tools only, unpaged (`meta.page` 1), and the view shows `auth_config` to
 * every member.
 */
import { castBoolean, castString, isHash, isPresent, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors, TAKEN } from "../record-errors";
import { couldNotCreate } from "../errors";
import type { AccountRecord, CaptainCustomToolRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";

export const MAX_PER_ACCOUNT = 15;
const CATALOG_MAX_PER_ACCOUNT = 50;
const MAX_SLUG_LENGTH = 64;
const NOT_IN_LIST = "is not included in the list";

const COLUMNS = [
  "id", "title", "slug", "description", "endpoint_url", "http_method", "request_template", "response_template",
  "auth_type", "auth_config", "headers", "param_schema", "enabled", "account_id", "created_at", "updated_at",
];

const PERMIT: PermitFilter = {
  title: "scalar",
  description: "scalar",
  endpoint_url: "scalar",
  http_method: "scalar",
  request_template: "scalar",
  response_template: "scalar",
  auth_type: "scalar",
  enabled: "scalar",
  auth_config: "hash",
  headers: "hash",
  param_schema: { name: "scalar", type: "scalar", description: "scalar", required: "scalar" },
};

/** A tool being assigned: title and endpoint may be nil, the enums any text, until validation. */
type Draft = Omit<CaptainCustomToolRecord, "title" | "endpoint_url" | "http_method" | "auth_type" | "param_schema"> & {
  title: string | null;
  endpoint_url: string | null;
  http_method: string | null;
  auth_type: string | null;
  param_schema: unknown;
};

/** The account's tools, in id order (the index orders them newest first itself). */
export const captainCustomTools = accountTable<CaptainCustomToolRecord, Draft>({
  rows: (state) => state.captainCustomTools,
  sequence: "captain_custom_tools",
  param: "custom_tool",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => {
    const now = new Date().toISOString();
    return {
      id: 0, account_id: account.id, title: null, slug: "", description: null, endpoint_url: null, http_method: "GET", request_template: null,
      response_template: null, auth_type: "none", auth_config: {}, headers: {}, param_schema: [], enabled: true, created_at: now, updated_at: now,
    };
  },
  assign,
  save,
  touch: true,
});

/** `before_create :ensure_within_limit`, checked before the create's validations and its row. */
export function ensureWithinLimit(state: SandboxState, account: AccountRecord): void {
  const limit = account.features.includes("captain_tool_catalog") ? CATALOG_MAX_PER_ACCOUNT : MAX_PER_ACCOUNT;
  if (captainCustomTools.of(state, account).length >= limit) throw couldNotCreate(`Custom tool limit exceeded: an account can have at most ${limit} custom tools`);
}

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  for (const key of ["title", "description", "endpoint_url", "request_template", "response_template", "http_method", "auth_type"] as const) {
    if (has(key)) draft[key] = castString(attributes[key]);
  }
  if (has("enabled")) draft.enabled = castBoolean(attributes.enabled) ?? draft.enabled;
  if (has("auth_config")) draft.auth_config = isHash(attributes.auth_config) ? structuredClone(attributes.auth_config) : {};
  if (has("headers")) draft.headers = isHash(attributes.headers) ? structuredClone(attributes.headers) : {};
  if (has("param_schema")) draft.param_schema = attributes.param_schema;
  return draft;
}

function save(draft: Draft, state: SandboxState): CaptainCustomToolRecord {
  const errors = new RecordErrors();
  if (draft.slug === "" && draft.title !== null && draft.title.trim() !== "") draft.slug = uniqueSlug(state, draft);
  const taken = [...state.captainCustomTools.values()].some((t) => t.account_id === draft.account_id && t.slug === draft.slug && t.id !== draft.id);
  if (draft.slug === "") errors.add("slug", CANT_BE_BLANK);
  else if (taken) errors.add("slug", TAKEN);
  if (!isPresent(draft.title)) errors.add("title", CANT_BE_BLANK);
  if (!isPresent(draft.endpoint_url)) errors.add("endpoint_url", CANT_BE_BLANK);
  if (draft.http_method === null || !["GET", "POST"].includes(draft.http_method)) errors.add("http_method", NOT_IN_LIST);
  if (draft.auth_type === null || !["none", "bearer", "basic", "api_key"].includes(draft.auth_type)) errors.add("auth_type", NOT_IN_LIST);
  if (!validParamSchema(draft.param_schema)) errors.add("param_schema", "is invalid");
  for (const problem of draft.endpoint_url ? endpointProblems(draft.endpoint_url) : []) errors.add("endpoint_url", problem);
  errors.raiseIfAny();
  return draft as CaptainCustomToolRecord;
}

/** `PARAM_SCHEMA_VALIDATION`: a list of objects with string name, type and description, a boolean `required` when present. */
function validParamSchema(schema: unknown): boolean {
  if (schema === null || schema === undefined) return true;
  if (!Array.isArray(schema)) return false;
  return schema.every(
    (p) => isHash(p) && ["name", "type", "description"].every((k) => typeof p[k] === "string") && (p.required === undefined || typeof p.required === "boolean"),
  );
}

/**
 * SafeEndpointValidatable: each of its checks' messages, in its order (every check runs). Ruby's
 * `URI.parse` refuses non-ASCII characters and spaces, so such a URL is "not valid" first.
 */
function endpointProblems(endpoint: string): string[] {
  const sanitized = endpoint.replace(/\{\{[^}]+\}\}/g, "placeholder");
  if (/[^\x21-\x7e]/.test(sanitized)) return ["must be a valid URL"];
  const match = /^(?:([a-z][a-z0-9+.-]*):)?(?:\/\/([^/?#]*))?/i.exec(sanitized);
  const problems: string[] = [];
  if (match?.[1]?.toLowerCase() !== "https") problems.push("must use HTTPS protocol");
  const host = (match?.[2] ?? "").replace(/^.*@/, "").replace(/:\d*$/, "");
  if (host === "") return [...problems, "must have a valid hostname"];
  if (host.toLowerCase() === "localhost" || /\.local$/i.test(host)) problems.push("cannot use disallowed hostname");
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":")) problems.push("cannot be an IP address, must be a hostname");
  return problems;
}

/** ActiveSupport's `parameterize(separator: "_")`: transliterated to ASCII, runs of other characters one `_`, none at the ends, lower case. */
export function parameterize(title: string): string {
  const ascii = [...title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")].map((c) => (c.charCodeAt(0) > 0x7f ? "?" : c)).join("");
  return ascii.replace(/[^a-z0-9\-_]+/gi, "_").replace(/_{2,}/g, "_").replace(/^_|_$/g, "").toLowerCase();
}

/** `generate_slug`: the title's slug, or with a random suffix when the account has it already. */
function uniqueSlug(state: SandboxState, draft: Draft): string {
  const exists = (slug: string) => [...state.captainCustomTools.values()].some((t) => t.account_id === draft.account_id && t.slug === slug);
  const base = `custom_${parameterize(draft.title ?? "")}`.slice(0, MAX_SLUG_LENGTH);
  if (!exists(base)) return base;
  const truncated = base.slice(0, MAX_SLUG_LENGTH - 7);
  for (;;) {
    const candidate = `${truncated}_${Math.random().toString(36).slice(2, 8).padEnd(6, "0")}`;
    if (!exists(candidate)) return candidate;
  }
}
