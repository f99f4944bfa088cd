/**
 * An account's plan limits (Enterprise's Account::PlanUsageAndLimits), as the agents and inboxes
 * controllers apply them:
 * - `usage_limits[:agents]` is `custom_attributes['subscribed_quantity']`, else `limits['agents']`,
 *   else the installation's default (`ACCOUNT_AGENTS_LIMIT`, unset here: no limit); `inboxes` the
 *   same without the subscription;
 * - agents `validate_limit` (create): every member counts, administrators too; none left is 402
 *   `{"error":"Account limit exceeded. Please purchase more licenses"}`;
 * - inboxes `validate_limit` (create): as many inboxes as the limit is 402
 *   `{"error":"Account limit exceeded. Upgrade to a higher plan"}`;
 * - `validate_limit_keys` (before_validation): `limits` is an object of numbers with no key but
 *   the schema's, else 422 "Limits : Invalid data".
 * - Captain documents (`Captain::Document#ensure_within_plan_limit`, before_create): as many documents
 *   as `limits['captain_documents']` is `LimitExceededError`, which the documents controller renders
 *   with `render_could_not_create_error`: 422 `{"error":"Document limit exceeded"}`.
 * A community server's limits are ChatwootApp.max_limit: nothing is refused, `limits` is stored as sent.
 */
import { ACCOUNT_LIMITS } from "../../../provider/wire/platform";
import { ApiError, couldNotCreate } from "../errors";
import type { Edition } from "../options";
import { RecordErrors } from "../record-errors";
import type { AccountRecord, SandboxState } from "../state";

/** `render_payment_required`: the body is `{error}`. */
const paymentRequired = (message: string) => new ApiError(402, { error: message });

function usageLimit(account: AccountRecord, name: "agents" | "inboxes" | "captain_documents"): number {
  const subscribed = name === "agents" ? account.custom_attributes.subscribed_quantity : undefined;
  const limit = subscribed ?? account.limits[name];
  return typeof limit === "number" ? limit : Infinity;
}

/** Before an agent is added: a seat must be free. */
export function requireAgentSeat(state: SandboxState, account: AccountRecord, edition: Edition): void {
  if (edition !== "enterprise") return;
  const members = [...state.users.values()].filter((user) => user.memberships.some((m) => m.account_id === account.id)).length;
  if (usageLimit(account, "agents") - members <= 0) throw paymentRequired("Account limit exceeded. Please purchase more licenses");
}

/** Before an inbox is created: the account must have fewer than its limit. */
export function requireInboxSlot(state: SandboxState, account: AccountRecord, edition: Edition): void {
  if (edition !== "enterprise") return;
  const inboxes = [...state.inboxes.values()].filter((inbox) => inbox.account_id === account.id).length;
  if (inboxes >= usageLimit(account, "inboxes")) throw paymentRequired("Account limit exceeded. Upgrade to a higher plan");
}

/** Before a Captain document is created: the account must have fewer than its limit. */
export function requireCaptainDocumentSlot(state: SandboxState, account: AccountRecord): void {
  const documents = [...state.captainDocuments.values()].filter((document) => document.account_id === account.id).length;
  if (documents >= usageLimit(account, "captain_documents")) throw couldNotCreate("Document limit exceeded");
}

/** `validate_limit_keys`, into the account's other validation errors. */
export function validateLimits(limits: unknown, edition: Edition, errors: RecordErrors): void {
  if (edition !== "enterprise") return;
  const valid =
    typeof limits === "object" && limits !== null && !Array.isArray(limits) &&
    Object.entries(limits).every(([name, value]) => (ACCOUNT_LIMITS as readonly string[]).includes(name) && typeof value === "number");
  if (!valid) errors.add("limits", ": Invalid data");
}
