/**
 * Captain (Enterprise): assistants, their documents and scenarios, and the inboxes they answer in
 * (enterprise/app/models/captain/{assistant,document,scenario}.rb, captain_inbox.rb and the
 * controllers of enterprise/app/controllers/api/v1/accounts/captain, upstream at fd5ac2a8a):
 * - Assistant: name and description presence (422 RecordInvalid); `config` is the permitted hash of
 *   the last write that sent one (`update!` replaces it whole); `response_guidelines` and
 *   `guardrails` are kept as sent, and only when their key is sent (the columns' default: `[]`);
 *   destroy takes the documents,
 *   scenarios and inbox links (`dependent: :destroy_async`, run at once here).
 * - Document (and DocumentsController#create): an assistant of the account, else 422 "Missing
 *   Assistant"; `normalize_external_link` drops one trailing "/" (not from a link ending ".pdf");
 *   `external_link` presence and uniqueness per assistant; a link ending ".pdf" is a PDF document,
 *   which needs an uploaded `pdf_file` ("Pdf file can't be blank": the sandbox takes no uploads
 *   here); `before_create` plan limit
 *   (`captain_documents`, "Document limit exceeded"); `status` starts `in_progress`, and the crawl
 *   job (`after_create_commit`) has run by the next request: the content is the server's, the
 *   status `available`.
 * - Scenario: title, description and instruction presence; every `[label](tool://id)` of the
 *   instruction must name a built-in tool or an enabled custom tool of the account, by its slug
 *   ("Instruction contains invalid tools: x");
 *   `tools` is derived from the instruction on save (the sent one is ignored); `enabled` defaults true.
 * - CaptainInbox: an inbox has one assistant (`validates :inbox_id, uniqueness: true`), and none
 *   while an agent bot or an enabled Dialogflow hook answers it (`ensure_exclusive_bot_provider`:
 *   "Disconnect Agent Bot before connecting Captain", a later upstream's check: captain_inbox.rb at
 *   fd5ac2a8a has the uniqueness only); the inbox's destroy takes its link.
 */
import { couldNotCreate, recordNotFound } from "../errors";
import { castBoolean, castString, isHash, permit, requireParam, wrapParameters, type Params, type PermitFilter, type ParamsRequest } from "../params";
import { requireCaptainDocumentSlot } from "./plan-limits";
import { toolReferences } from "./tool-references";
import { CANT_BE_BLANK, RecordErrors, TAKEN } from "../record-errors";
import {
  rowById,
  type AccountRecord,
  type CaptainAssistantRecord,
  type CaptainDocumentRecord,
  type CaptainInboxRecord,
  type CaptainScenarioRecord,
  type InboxRecord,
  type SandboxState,
} from "../state";

const now = () => new Date().toISOString();


const ASSISTANT_COLUMNS = ["id", "name", "description", "config", "guardrails", "response_guidelines", "account_id", "created_at", "updated_at"];
/**
 * `assistant_params`' config keys at fd5ac2a8a: `feature_contact_attributes`, which some servers
 * take, is not among them (dropped silently).
 */
const CONFIG_KEYS = ["product_name", "feature_faq", "feature_memory", "feature_citation", "welcome_message", "handoff_message", "resolution_message", "instructions", "temperature"];
const ASSISTANT_PERMIT: PermitFilter = { name: "scalar", description: "scalar", config: Object.fromEntries(CONFIG_KEYS.map((k) => [k, "scalar"])) };

/** `config/agents/tools.yml`: the built-in tools a scenario's instruction may reference. */
export const BUILT_IN_TOOLS = ["add_contact_note", "add_private_note", "update_priority", "add_label_to_conversation", "faq_lookup", "handoff", "resolve"] as const;


const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

/** `Current.account.captain_assistants`, newest first (`ordered`). */
export function assistantsOf(state: SandboxState, account: AccountRecord): CaptainAssistantRecord[] {
  return [...state.captainAssistants.values()].filter((a) => a.account_id === account.id).sort((a, b) => b.id - a.id);
}

/** `captain_assistants.find(id)`: 404 when missing or another account's. */
export function findAssistant(state: SandboxState, account: AccountRecord, idParam: unknown): CaptainAssistantRecord {
  const assistant = rowById(state.captainAssistants, idParam, account);
  if (!assistant) throw recordNotFound();
  return assistant;
}

/** The assistant's attributes of a request: the permitted ones, and the two lists only when sent. */
function assistantParams(request: ParamsRequest): Params {
  const raw = requireParam(wrapParameters(request.params, request.json, "assistant", ASSISTANT_COLUMNS), "assistant");
  const permitted = permit(raw, ASSISTANT_PERMIT);
  for (const key of ["response_guidelines", "guardrails"]) if (Object.hasOwn(raw, key)) permitted[key] = raw[key];
  return permitted;
}

function assignAssistant(row: CaptainAssistantRecord, attributes: Params): CaptainAssistantRecord {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) row.name = castString(attributes.name) as string;
  if (has("description")) row.description = castString(attributes.description) as string;
  if (has("config")) row.config = isHash(attributes.config) ? attributes.config : {};
  if (has("response_guidelines")) row.response_guidelines = attributes.response_guidelines;
  if (has("guardrails")) row.guardrails = attributes.guardrails;
  const errors = new RecordErrors();
  if (blank(row.name)) errors.add("name", CANT_BE_BLANK);
  if (blank(row.description)) errors.add("description", CANT_BE_BLANK);
  errors.raiseIfAny();
  return row;
}

export function createAssistant(state: SandboxState, account: AccountRecord, request: ParamsRequest): CaptainAssistantRecord {
  const stamp = now();
  const draft = { id: 0, account_id: account.id, name: null, description: null, config: {}, guardrails: [], response_guidelines: [], created_at: stamp, updated_at: stamp };
  const row = assignAssistant(draft as unknown as CaptainAssistantRecord, assistantParams(request));
  row.id = state.nextId("captain_assistants");
  state.captainAssistants.set(row.id, row);
  return row;
}

export function updateAssistant(state: SandboxState, assistant: CaptainAssistantRecord, request: ParamsRequest): CaptainAssistantRecord {
  const row = assignAssistant(structuredClone(assistant), assistantParams(request));
  row.updated_at = now();
  state.captainAssistants.set(row.id, row);
  return row;
}

/** `dependent: :destroy_async` of documents, scenarios and captain_inboxes: the jobs have run. */
export function destroyAssistant(state: SandboxState, assistant: CaptainAssistantRecord): void {
  state.captainAssistants.delete(assistant.id);
  for (const rows of [state.captainDocuments, state.captainScenarios]) {
    for (const [id, row] of rows) if (row.assistant_id === assistant.id) rows.delete(id);
  }
  for (const [id, link] of state.captainInboxes) if (link.captain_assistant_id === assistant.id) state.captainInboxes.delete(id);
}

// Documents.

const DOCUMENT_COLUMNS = ["id", "name", "external_link", "content", "status", "assistant_id", "account_id", "created_at", "updated_at"];
const DOCUMENT_PERMIT: PermitFilter = { name: "scalar", external_link: "scalar", assistant_id: "scalar" };

/** Upstream's page size of the documents' index. */
export const DOCUMENTS_PER_PAGE = 25;

/** `Captain::Documents::CrawlJob`, run before the next request: the page's text, the document available. */
export function runCrawls(state: SandboxState): void {
  for (const document of state.captainDocuments.values()) {
    if (!document.crawl_pending) continue;
    document.crawl_pending = false;
    document.status = "available";
    // A crawled page is large: what the provider must keep out of its state.
    document.content = `# ${document.name ?? document.external_link}\n\n` + `Text crawled from ${document.external_link}. `.repeat(200);
    document.updated_at = now();
  }
}

/** `normalize_external_link`: one trailing "/" dropped, except from a PDF's link. */
function normalizedLink(link: string | null): string | null {
  if (link === null || link === "" || link.endsWith(".pdf")) return link;
  return link.endsWith("/") ? link.slice(0, -1) : link;
}

/** `Current.account.captain_documents.ordered`, of one assistant when the index filters by `assistant_id`. */
export function documentsOf(state: SandboxState, account: AccountRecord, assistantId?: number): CaptainDocumentRecord[] {
  runCrawls(state);
  return [...state.captainDocuments.values()]
    .filter((d) => d.account_id === account.id && (assistantId === undefined || d.assistant_id === assistantId))
    .sort((a, b) => b.id - a.id);
}

export function findDocument(state: SandboxState, account: AccountRecord, idParam: unknown): CaptainDocumentRecord {
  runCrawls(state);
  const document = rowById(state.captainDocuments, idParam, account);
  if (!document) throw recordNotFound();
  return document;
}

/**
 * `account_documents.build(document_params).save!`, with upstream's rescues: a refused record or the
 * plan limit is `render_could_not_create_error` (422 `{"error": full messages}`).
 */
export function createDocument(state: SandboxState, account: AccountRecord, request: ParamsRequest): CaptainDocumentRecord {
  const attributes = permit(requireParam(wrapParameters(request.params, request.json, "document", DOCUMENT_COLUMNS), "document"), DOCUMENT_PERMIT);
  const assistant = attributes.assistant_id === undefined ? undefined : rowById(state.captainAssistants, attributes.assistant_id, account);
  if (!assistant) throw couldNotCreate("Missing Assistant");
  const external_link = normalizedLink(castString(attributes.external_link));
  const errors = new RecordErrors();
  if (blank(external_link)) errors.add("external_link", CANT_BE_BLANK);
  else if ([...state.captainDocuments.values()].some((d) => d.assistant_id === assistant.id && d.external_link === external_link)) {
    errors.add("external_link", TAKEN);
  }
  if (external_link?.endsWith(".pdf")) errors.add("pdf_file", CANT_BE_BLANK);
  if (errors.any()) throw couldNotCreate((errors.toRecordInvalid().body as { message: string }).message);
  if (external_link === null) throw recordNotFound(); // unreachable: refused above
  requireCaptainDocumentSlot(state, account);
  const stamp = now();
  const document: CaptainDocumentRecord = {
    id: state.nextId("captain_documents"),
    account_id: account.id,
    assistant_id: assistant.id,
    name: castString(attributes.name),
    external_link,
    content: null,
    status: "in_progress",
    crawl_pending: true,
    created_at: stamp,
    updated_at: stamp,
  };
  state.captainDocuments.set(document.id, document);
  return document;
}

// Scenarios.

const SCENARIO_COLUMNS = ["id", "title", "description", "instruction", "tools", "enabled", "assistant_id", "account_id", "created_at", "updated_at"];
const SCENARIO_PERMIT: PermitFilter = { title: "scalar", description: "scalar", instruction: "scalar", enabled: "scalar", tools: "scalars" };

/** `@assistant.scenarios`, in id order; `enabled` alone for the index. */
export function scenariosOf(state: SandboxState, assistant: CaptainAssistantRecord, enabledOnly: boolean): CaptainScenarioRecord[] {
  return [...state.captainScenarios.values()].filter((s) => s.assistant_id === assistant.id && (!enabledOnly || s.enabled)).sort((a, b) => a.id - b.id);
}

export function findScenario(state: SandboxState, assistant: CaptainAssistantRecord, idParam: unknown): CaptainScenarioRecord {
  const scenario = rowById(state.captainScenarios, idParam);
  if (!scenario || scenario.assistant_id !== assistant.id) throw recordNotFound();
  return scenario;
}

/** `available_tool_ids`: the built-in tools and the slugs of the account's enabled custom tools. */
function availableTools(state: SandboxState, accountId: number): string[] {
  const custom = [...state.captainCustomTools.values()].filter((t) => t.account_id === accountId && t.enabled).map((t) => t.slug);
  return [...BUILT_IN_TOOLS, ...custom];
}

function assignScenario(state: SandboxState, row: CaptainScenarioRecord, request: ParamsRequest): CaptainScenarioRecord {
  const attributes = permit(requireParam(wrapParameters(request.params, request.json, "scenario", SCENARIO_COLUMNS), "scenario"), SCENARIO_PERMIT);
  const has = (key: string) => Object.hasOwn(attributes, key);
  for (const key of ["title", "description", "instruction"] as const) if (has(key)) row[key] = castString(attributes[key]) as string;
  if (has("enabled")) row.enabled = castBoolean(attributes.enabled) ?? false;
  const errors = new RecordErrors();
  for (const key of ["title", "description", "instruction"] as const) if (blank(row[key])) errors.add(key, CANT_BE_BLANK);
  const available = availableTools(state, row.account_id);
  const invalid = blank(row.instruction) ? [] : toolReferences(row.instruction).filter((id) => !available.includes(id));
  if (invalid.length > 0) errors.add("instruction", `contains invalid tools: ${invalid.join(", ")}`);
  errors.raiseIfAny();
  // before_save :resolve_tool_references: the instruction's references, nil when there are none.
  const tools = toolReferences(row.instruction);
  row.tools = tools.length > 0 ? tools : null;
  return row;
}

export function createScenario(state: SandboxState, assistant: CaptainAssistantRecord, request: ParamsRequest): CaptainScenarioRecord {
  const stamp = now();
  const draft = { id: 0, account_id: assistant.account_id, assistant_id: assistant.id, title: null, description: null, instruction: null, tools: null, enabled: true, created_at: stamp, updated_at: stamp };
  const row = assignScenario(state, draft as unknown as CaptainScenarioRecord, request);
  row.id = state.nextId("captain_scenarios");
  state.captainScenarios.set(row.id, row);
  return row;
}

export function updateScenario(state: SandboxState, scenario: CaptainScenarioRecord, request: ParamsRequest): CaptainScenarioRecord {
  const row = assignScenario(state, structuredClone(scenario), request);
  row.updated_at = now();
  state.captainScenarios.set(row.id, row);
  return row;
}

// Inbox links.

/** The inboxes the assistant answers in, in link order. */
export function inboxesOfAssistant(state: SandboxState, assistant: CaptainAssistantRecord): InboxRecord[] {
  return [...state.captainInboxes.values()]
    .filter((link) => link.captain_assistant_id === assistant.id)
    .flatMap((link) => state.inboxes.get(link.inbox_id) ?? []);
}

/** `conflicting_bot_provider(:captain)`: an agent bot, or an enabled Dialogflow hook, answers the inbox. */
function conflictingBotProvider(state: SandboxState, inbox: InboxRecord): string | undefined {
  if (inbox.agent_bot_id !== null && state.agentBots.has(inbox.agent_bot_id)) return "Agent Bot";
  const dialogflow = [...state.integrationHooks.values()].some((h) => h.inbox_id === inbox.id && h.app_id === "dialogflow" && h.status === "enabled");
  return dialogflow ? "Dialogflow" : undefined;
}

/** `@assistant.captain_inboxes.build(inbox:).save!`. */
export function linkAssistantInbox(state: SandboxState, assistant: CaptainAssistantRecord, inbox: InboxRecord): CaptainInboxRecord {
  const errors = new RecordErrors();
  if ([...state.captainInboxes.values()].some((link) => link.inbox_id === inbox.id)) errors.add("inbox_id", TAKEN);
  const provider = conflictingBotProvider(state, inbox);
  if (provider) errors.add("base", `Disconnect ${provider} before connecting Captain`);
  errors.raiseIfAny();
  const link: CaptainInboxRecord = { id: state.nextId("captain_inboxes"), account_id: assistant.account_id, captain_assistant_id: assistant.id, inbox_id: inbox.id };
  state.captainInboxes.set(link.id, link);
  return link;
}

/** `@assistant.captain_inboxes.find_by!(inbox_id:)`, destroyed; 404 when the assistant has no such link. */
export function unlinkAssistantInbox(state: SandboxState, assistant: CaptainAssistantRecord, inboxIdParam: unknown): void {
  const link = [...state.captainInboxes.values()].find((l) => l.captain_assistant_id === assistant.id && String(l.inbox_id) === String(inboxIdParam));
  if (!link) throw recordNotFound();
  state.captainInboxes.delete(link.id);
}

/** The inbox's destroy takes its CaptainInbox row (`has_one :captain_inbox, dependent: :destroy`). */
export function unlinkInboxFromCaptain(state: SandboxState, inboxId: number): void {
  for (const [id, link] of state.captainInboxes) if (link.inbox_id === inboxId) state.captainInboxes.delete(id);
}

/** A body that is no hash where `params.require(:inbox)` expects one. */
export function inboxParam(request: ParamsRequest): Params {
  const inbox = requireParam(request.params, "inbox");
  return permit(inbox, { inbox_id: "scalar" });
}
