/**
 * Agent capacity policies (Enterprise, Assignment V2: AgentCapacityPoliciesController and its
 * UsersController and InboxLimitsController, AgentCapacityPolicy, InboxCapacityLimit,
 * AgentCapacityPolicyPolicy), behaving like current upstream:
 * - every action is administrator-only, and the role check runs before any lookup: an agent gets
 *   401 even for an unknown policy, an administrator 404 (`find`);
 * - `params.require(:agent_capacity_policy).permit(:name, :description, exclusion_rules:
 *   [:exclude_older_than_hours, { excluded_labels: [] }])`: other keys of `exclusion_rules` are
 *   dropped silently, and the jsonb column (NOT NULL, default `{}`) holds what is left;
 * - validations: name presence and length ≤ 255 (422 RecordInvalid); names need not be unique;
 * - a policy's inbox limits: `conversation_limit` presence, an integer greater than 0; one limit per
 *   inbox and policy (the controller answers a second one 422 `{"error": ...}` before saving);
 * - one policy per account user (the `account_users.agent_capacity_policy_id` column): assigning a
 *   user to a policy moves them off any other, and removing sets it nil whichever policy it held;
 * - destroying a policy destroys its inbox limits and nullifies its users; destroying an inbox
 *   destroys its limits (see `deleteInbox`); an agent
 *   removed from the account takes their account user, and with it the assignment.
 */
import { recordNotFound } from "../errors";
import { castInteger, castString, rubyToInteger, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors } from "../record-errors";
import type { AccountRecord, AgentCapacityPolicyRecord, InboxCapacityLimitRecord, SandboxState, UserRecord } from "../state";
import { accountTable } from "./account-table";

/** `AgentCapacityPolicy::MAX_NAME_LENGTH`, the varchar(255) of the name. */
export const MAX_NAME_LENGTH = 255;

/** `I18n.t('agent_capacity_policy.inbox_already_assigned')`. */
export const INBOX_ALREADY_ASSIGNED = "Inbox is already assigned to this policy";

const COLUMNS = ["id", "name", "description", "exclusion_rules", "account_id", "created_at", "updated_at"];

const PERMIT: PermitFilter = {
  name: "scalar",
  description: "scalar",
  exclusion_rules: { exclude_older_than_hours: "scalar", excluded_labels: "scalars" },
};

type Draft = Omit<AgentCapacityPolicyRecord, "name"> & { name: string | null };

/** The account's policies, in id order. */
export const agentCapacityPolicies = accountTable<AgentCapacityPolicyRecord, Draft>({
  rows: (state) => state.agentCapacityPolicies,
  sequence: "agent_capacity_policies",
  param: "agent_capacity_policy",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => {
    const now = new Date().toISOString();
    return { id: 0, account_id: account.id, name: null, description: null, exclusion_rules: {}, created_at: now, updated_at: now };
  },
  assign,
  save,
  // `has_many :inbox_capacity_limits, dependent: :destroy` and `has_many :account_users, dependent: :nullify`.
  destroyed(state, policy) {
    for (const limit of limitsOf(state, policy)) state.inboxCapacityLimits.delete(limit.id);
    for (const user of state.users.values()) {
      for (const m of user.memberships) if (m.agent_capacity_policy_id === policy.id) m.agent_capacity_policy_id = null;
    }
  },
  touch: true,
});

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) draft.name = castString(attributes.name);
  if (has("description")) draft.description = castString(attributes.description);
  if (has("exclusion_rules")) draft.exclusion_rules = attributes.exclusion_rules as Record<string, unknown>;
  return draft;
}

function save(draft: Draft): AgentCapacityPolicyRecord {
  const errors = new RecordErrors();
  if (draft.name === null || draft.name.trim() === "") errors.add("name", CANT_BE_BLANK);
  else if ([...draft.name].length > MAX_NAME_LENGTH) errors.add("name", `is too long (maximum is ${MAX_NAME_LENGTH} characters)`);
  errors.raiseIfAny();
  return { ...draft, name: draft.name as string };
}

/** The inbox limit validations: `conversation_limit` presence and `numericality: { greater_than: 0, only_integer: true }`. */
function conversationLimit(value: unknown): number {
  const errors = new RecordErrors();
  const text = typeof value === "string" ? value.trim() : value;
  if (text === null || text === undefined || text === "") {
    errors.add("conversation_limit", CANT_BE_BLANK);
    errors.add("conversation_limit", "is not a number");
  } else if (typeof text === "boolean" || (typeof text === "string" && !/^[+-]?\d+(\.\d+)?$/.test(text)) || (typeof text !== "number" && typeof text !== "string")) {
    errors.add("conversation_limit", "is not a number");
  } else if (!Number.isInteger(Number(text))) {
    errors.add("conversation_limit", "must be an integer");
  } else if (Number(text) <= 0) {
    errors.add("conversation_limit", "must be greater than 0");
  }
  errors.raiseIfAny();
  return rubyToInteger(text);
}

/** The policy's inbox limits, in id order. */
export function limitsOf(state: SandboxState, policy: AgentCapacityPolicyRecord): InboxCapacityLimitRecord[] {
  return [...state.inboxCapacityLimits.values()].filter((l) => l.agent_capacity_policy_id === policy.id).sort((a, b) => a.id - b.id);
}

/** `@agent_capacity_policy.inbox_capacity_limits.find(id)`: 404 when the policy has no such row. */
export function findInboxLimit(state: SandboxState, policy: AgentCapacityPolicyRecord, idParam: string): InboxCapacityLimitRecord {
  const limit = state.inboxCapacityLimits.get(castInteger(idParam) ?? 0);
  if (!limit || limit.agent_capacity_policy_id !== policy.id) throw recordNotFound();
  return limit;
}

/** `inbox_capacity_limits.create!(inbox:, conversation_limit:)`, after the controller's duplicate check. */
export function addInboxLimit(state: SandboxState, policy: AgentCapacityPolicyRecord, inboxId: number, limit: unknown): InboxCapacityLimitRecord | "duplicate" {
  if (limitsOf(state, policy).some((l) => l.inbox_id === inboxId)) return "duplicate";
  const conversation_limit = conversationLimit(limit);
  const now = new Date().toISOString();
  const row = { id: state.nextId("inbox_capacity_limits"), account_id: policy.account_id, agent_capacity_policy_id: policy.id, inbox_id: inboxId, conversation_limit, created_at: now, updated_at: now };
  state.inboxCapacityLimits.set(row.id, row);
  return row;
}

/** `update!(conversation_limit:)`: a refused value leaves the row as it was. */
export function updateInboxLimit(limit: InboxCapacityLimitRecord, value: unknown): InboxCapacityLimitRecord {
  limit.conversation_limit = conversationLimit(value);
  limit.updated_at = new Date().toISOString();
  return limit;
}

/** The users of the account whose account user holds the policy, in id order. */
export function usersOfPolicy(state: SandboxState, account: AccountRecord, policy: AgentCapacityPolicyRecord): UserRecord[] {
  return [...state.users.values()]
    .filter((u) => u.memberships.some((m) => m.account_id === account.id && m.agent_capacity_policy_id === policy.id))
    .sort((a, b) => a.id - b.id);
}

/** `Current.account.account_users.find_by!(user_id:)` then `update!(agent_capacity_policy:)`: 404 for a user not in the account. */
export function setPolicyOfUser(state: SandboxState, account: AccountRecord, userIdParam: unknown, policyId: number | null): UserRecord {
  const user = state.users.get(castInteger(userIdParam) ?? 0);
  const membership = user?.memberships.find((m) => m.account_id === account.id);
  if (!user || !membership) throw recordNotFound();
  membership.agent_capacity_policy_id = policyId;
  return user;
}
