/**
 * Assignment policies and an inbox's link to one, as upstream at fd5ac2a8a has them:
 * app/controllers/api/v1/accounts/{assignment_policies_controller,assignment_policies/inboxes_controller,inboxes/assignment_policies_controller}.rb,
 * app/models/{assignment_policy,inbox_assignment_policy}.rb, enterprise/app/models/enterprise/concerns/assignment_policy.rb,
 * app/policies/assignment_policy_policy.rb, the views of app/views/api/v1/accounts/assignment_policies and
 * db/schema.rb (`name` varchar(255), the NOT NULL defaults):
 * - every action is administrator-only; the policy (and the inbox) is looked up first, so an
 *   unknown or another account's id is 404 before the role check;
 * - `params.require(:assignment_policy)` after JSON wrapping; permitted: name, description,
 *   assignment_order, conversation_priority, fair_distribution_limit, fair_distribution_window,
 *   enabled;
 * - validations: name presence and uniqueness in the account (case-sensitive), both limits
 *   numerical and greater than 0 (422 RecordInvalid); a name past the varchar(255), an enum value
 *   the edition does not know (`balanced` is Enterprise's) and a null NOT NULL column are 500s;
 * - an inbox has at most one policy: linking it again replaces the link, and deleting the policy
 *   or the inbox removes it (`dependent: :destroy`); an inbox without one answers its show and
 *   its DELETE with 404 "Assignment policy not found";
 * - a policy's inboxes are listed by `GET /assignment_policies/:id/inboxes` (the routes also name
 *   a create and a destroy there, which the controller lacks: 404).
 */
import { ASSIGNMENT_ORDERS, CONVERSATION_PRIORITIES } from "../../../provider/wire/assignment-policy";
import { internalError } from "../errors";
import { castBoolean, castEnum, castInteger, castString, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors, TAKEN } from "../record-errors";
import type { Edition } from "../options";
import type { AssignmentPolicyRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";
import { takenInAccount } from "./uniqueness";

const COLUMNS = [
  "id", "name", "description", "assignment_order", "conversation_priority", "fair_distribution_limit", "fair_distribution_window", "enabled",
  "account_id", "created_at", "updated_at",
];

const PERMIT: PermitFilter = {
  name: "scalar",
  description: "scalar",
  assignment_order: "scalar",
  conversation_priority: "scalar",
  fair_distribution_limit: "scalar",
  fair_distribution_window: "scalar",
  enabled: "scalar",
};

const LIMITS = ["fair_distribution_limit", "fair_distribution_window"] as const;

/** A policy being assigned: nil where a request cleared a NOT NULL column, until saving refuses it. */
type Draft = Omit<AssignmentPolicyRecord, "name" | "assignment_order" | "conversation_priority" | "enabled" | (typeof LIMITS)[number]> & {
  name: string | null;
  assignment_order: AssignmentPolicyRecord["assignment_order"] | null;
  conversation_priority: AssignmentPolicyRecord["conversation_priority"] | null;
  fair_distribution_limit: number | null;
  fair_distribution_window: number | null;
  enabled: boolean | null;
};

/** The account's policies, in id order. */
export const assignmentPolicies = accountTable<AssignmentPolicyRecord, Draft>({
  rows: (state) => state.assignmentPolicies,
  sequence: "assignment_policies",
  param: "assignment_policy",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => {
    const now = new Date().toISOString();
    return {
      id: 0,
      account_id: account.id,
      name: null,
      description: null,
      assignment_order: "round_robin",
      conversation_priority: "earliest_created",
      fair_distribution_limit: 100,
      fair_distribution_window: 3600,
      enabled: true,
      inbox_ids: [],
      created_at: now,
      updated_at: now,
    };
  },
  assign,
  save,
  touch: true,
});

/** Community's enum has `round_robin` only: Enterprise's `balanced` (by name or integer) is an ArgumentError there, a 500. */
export function refuseUnknownOrder(edition: Edition, attributes: Params): void {
  const order = attributes.assignment_order ?? (attributes.assignment_policy as Params | undefined)?.assignment_order;
  if (edition === "community" && (order === "balanced" || order === 1)) throw internalError();
}

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) draft.name = castString(attributes.name);
  if (has("description")) draft.description = castString(attributes.description);
  if (has("assignment_order")) draft.assignment_order = castEnum(ASSIGNMENT_ORDERS, attributes.assignment_order);
  if (has("conversation_priority")) draft.conversation_priority = castEnum(CONVERSATION_PRIORITIES, attributes.conversation_priority);
  for (const key of LIMITS) if (has(key)) draft[key] = castInteger(attributes[key]);
  if (has("enabled")) draft.enabled = castBoolean(attributes.enabled);
  return draft;
}

/** Validates (422 RecordInvalid), then the columns refuse what the validations let through (500). */
function save(draft: Draft, state: SandboxState): AssignmentPolicyRecord {
  const errors = new RecordErrors();
  if (draft.name === null || draft.name.trim() === "") errors.add("name", CANT_BE_BLANK);
  else if (takenInAccount(state.assignmentPolicies, draft as AssignmentPolicyRecord, "name")) errors.add("name", TAKEN);
  for (const key of LIMITS) {
    const value = draft[key];
    if (value === null) errors.add(key, "is not a number");
    else if (value <= 0) errors.add(key, "must be greater than 0");
  }
  errors.raiseIfAny();
  const { name, assignment_order, conversation_priority, enabled } = draft;
  if (name === null || [...name].length > 255 || assignment_order === null || conversation_priority === null || enabled === null) throw internalError();
  return { ...draft, name, assignment_order, conversation_priority, enabled, fair_distribution_limit: draft.fair_distribution_limit ?? 0, fair_distribution_window: draft.fair_distribution_window ?? 0 };
}

/** The policy an inbox is linked to (`inbox.inbox_assignment_policy&.assignment_policy`). */
export function policyOfInbox(state: SandboxState, inboxId: number): AssignmentPolicyRecord | undefined {
  for (const policy of state.assignmentPolicies.values()) if (policy.inbox_ids.includes(inboxId)) return policy;
  return undefined;
}

/** `inbox_assignment_policy&.destroy` then `create_inbox_assignment_policy!`: the inbox's one link, replaced. */
export function linkInbox(state: SandboxState, inboxId: number, policy: AssignmentPolicyRecord): void {
  unlinkInbox(state, inboxId);
  policy.inbox_ids.push(inboxId);
}

/** The inbox's link destroyed (its own DELETE, or the inbox's destroy); whether there was one. */
export function unlinkInbox(state: SandboxState, inboxId: number): boolean {
  const policy = policyOfInbox(state, inboxId);
  if (policy) policy.inbox_ids = policy.inbox_ids.filter((id) => id !== inboxId);
  return policy !== undefined;
}
