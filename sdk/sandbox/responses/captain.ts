/**
 * Captain's controllers (enterprise/app/controllers/api/v1/accounts/captain/): `ensure_captain_enabled`
 * (403) runs before anything else, then `check_authorization` (Captain::AssistantPolicy and
 * ScenarioPolicy: reads for every member, writes for administrators; 401 otherwise), then the
 * lookups (404). Destroys answer 204; lists are `{payload, meta: {total_count, page}}`.
 * The guard is a later upstream's (and forks'): the controllers at fd5ac2a8a have none, and answer
 * whatever the account's features; the sandbox keeps it so that a client's handling of a server
 * with Captain switched off can be tested.
 */
import { requireAdministrator, requireCaptain } from "../auth";
import { ok, type AccountCall, type ApiResult } from "../call";
import { epochSeconds as epoch } from "../columns";
import {
  assistantsOf,
  createAssistant,
  createDocument,
  createScenario,
  destroyAssistant,
  documentsOf,
  DOCUMENTS_PER_PAGE,
  findAssistant,
  findDocument,
  findScenario,
  inboxesOfAssistant,
  inboxParam,
  linkAssistantInbox,
  scenariosOf,
  unlinkAssistantInbox,
  updateAssistant,
  updateScenario,
} from "../models/captain";
import { findInbox } from "../models/inboxes";
import { castInteger } from "../params";
import type { CaptainAssistantRecord, CaptainDocumentRecord, CaptainScenarioRecord, SandboxState } from "../state";
import { inboxView } from "./inboxes";

const NO_CONTENT: ApiResult = { status: 204 };

/** The `captain/_assistant` partial (epoch timestamps). */
function assistantView(assistant: CaptainAssistantRecord) {
  return {
    account_id: assistant.account_id,
    config: assistant.config,
    created_at: epoch(assistant.created_at),
    description: assistant.description,
    guardrails: assistant.guardrails,
    id: assistant.id,
    name: assistant.name,
    response_guidelines: assistant.response_guidelines,
    updated_at: epoch(assistant.updated_at),
  };
}

/**
 * The `captain/_document` partial (enterprise/app/views/api/v1/models/captain/_document.json.jbuilder
 * at fd5ac2a8a): the assistant in full, the crawled content; `content_type` and `file_size` are an
 * uploaded PDF's (none here: nil), `display_url` the link.
 */
function documentView(state: SandboxState, document: CaptainDocumentRecord) {
  const assistant = state.captainAssistants.get(document.assistant_id);
  return {
    account_id: document.account_id,
    assistant: assistant ? assistantView(assistant) : null,
    content: document.content,
    content_type: null,
    created_at: epoch(document.created_at),
    external_link: document.external_link,
    display_url: document.external_link,
    file_size: null,
    id: document.id,
    name: document.name,
    status: document.status,
    updated_at: epoch(document.updated_at),
  };
}

/** The `captain/_scenario` partial: its timestamps are not converted (ISO 8601 strings). */
function scenarioView(state: SandboxState, scenario: CaptainScenarioRecord) {
  const assistant = state.captainAssistants.get(scenario.assistant_id);
  return {
    id: scenario.id,
    title: scenario.title,
    description: scenario.description,
    instruction: scenario.instruction,
    tools: scenario.tools,
    enabled: scenario.enabled,
    assistant_id: scenario.assistant_id,
    account_id: scenario.account_id,
    created_at: scenario.created_at,
    updated_at: scenario.updated_at,
    ...(assistant ? { assistant: { id: assistant.id, name: assistant.name } } : {}),
  };
}

const listOf = <T>(items: T[], page = 1, total = items.length) => ok({ payload: items, meta: { total_count: total, page } });

/** The guard, then the policy: `write` actions are administrators'. */
function authorize(call: AccountCall, write: boolean): void {
  requireCaptain(call);
  if (write) requireAdministrator(call);
}

/** `set_assistant`, after the policy (an unknown assistant is 401 for an agent's write). */
const assistantOf = (call: AccountCall, write: boolean, param = call.path.assistant_id) => {
  authorize(call, write);
  return findAssistant(call.state, call.account, param ?? "");
};

export const assistants = {
  index(call: AccountCall): ApiResult {
    authorize(call, false);
    return listOf(assistantsOf(call.state, call.account).map(assistantView));
  },
  show: (call: AccountCall) => ok(assistantView(assistantOf(call, false, call.path.id))),
  create(call: AccountCall): ApiResult {
    authorize(call, true);
    return ok(assistantView(createAssistant(call.state, call.account, call)));
  },
  update: (call: AccountCall) => ok(assistantView(updateAssistant(call.state, assistantOf(call, true, call.path.id), call))),
  destroy(call: AccountCall): ApiResult {
    destroyAssistant(call.state, assistantOf(call, true, call.path.id));
    return NO_CONTENT;
  },
};

export const scenarios = {
  /** Only enabled scenarios are listed: a disabled one is read through show. */
  index: (call: AccountCall) => listOf(scenariosOf(call.state, assistantOf(call, false), true).map((s) => scenarioView(call.state, s))),
  show(call: AccountCall): ApiResult {
    const assistant = assistantOf(call, false);
    return ok(scenarioView(call.state, findScenario(call.state, assistant, call.path.id)));
  },
  create: (call: AccountCall) => ok(scenarioView(call.state, createScenario(call.state, assistantOf(call, true), call))),
  update(call: AccountCall): ApiResult {
    const scenario = findScenario(call.state, assistantOf(call, true), call.path.id);
    return ok(scenarioView(call.state, updateScenario(call.state, scenario, call)));
  },
  destroy(call: AccountCall): ApiResult {
    const scenario = findScenario(call.state, assistantOf(call, true), call.path.id);
    call.state.captainScenarios.delete(scenario.id);
    return NO_CONTENT;
  },
};

export const documents = {
  /** 25 a page (`?page=N`), newest first; `?assistant_id=` narrows to one assistant. */
  index(call: AccountCall): ApiResult {
    authorize(call, false);
    const assistantId = call.query.assistant_id ? (castInteger(call.query.assistant_id) ?? 0) : undefined;
    const all = documentsOf(call.state, call.account, assistantId);
    const page = Math.max(1, castInteger(call.query.page) ?? 1);
    const items = all.slice((page - 1) * DOCUMENTS_PER_PAGE, page * DOCUMENTS_PER_PAGE);
    return listOf(items.map((d) => documentView(call.state, d)), page, all.length);
  },
  show(call: AccountCall): ApiResult {
    authorize(call, false);
    return ok(documentView(call.state, findDocument(call.state, call.account, call.path.id)));
  },
  /** The answer shows the document before its crawl: `in_progress`, no content. */
  create(call: AccountCall): ApiResult {
    authorize(call, true);
    return ok(documentView(call.state, createDocument(call.state, call.account, call)));
  },
  destroy(call: AccountCall): ApiResult {
    authorize(call, true);
    call.state.captainDocuments.delete(findDocument(call.state, call.account, call.path.id).id);
    return NO_CONTENT;
  },
};

/** The assistant's inboxes: the `_inbox` partial, as an administrator sees it. */
export const assistantInboxes = {
  index(call: AccountCall): ApiResult {
    const inboxes = inboxesOfAssistant(call.state, assistantOf(call, false));
    return listOf(inboxes.map((inbox) => inboxView(inbox, { administrator: call.role === "administrator", origin: call.origin }, call.state)));
  },
  /** Body `{"inbox": {"inbox_id": N}}` (required); renders the linked inbox. */
  create(call: AccountCall): ApiResult {
    const assistant = assistantOf(call, true);
    const inbox = findInbox(call.state, call.account, inboxParam(call).inbox_id);
    linkAssistantInbox(call.state, assistant, inbox);
    return ok(inboxView(inbox, { administrator: true, origin: call.origin }, call.state));
  },
  destroy(call: AccountCall): ApiResult {
    unlinkAssistantInbox(call.state, assistantOf(call, true), call.path.inbox_id);
    return NO_CONTENT;
  },
};
