/**
 * SLA policies (Enterprise), as upstream at fd5ac2a8a has them
 * (enterprise/app/controllers/api/v1/accounts/sla_policies_controller.rb, enterprise/app/models/sla_policy.rb,
 * enterprise/app/policies/sla_policy_policy.rb, enterprise/app/views/api/v1/models/_sla_policy.json.jbuilder),
 * with a later build's feature guard (first point):
 * - `ensure_sla_feature_enabled` runs first: in an account without the `sla` feature every action
 *   answers 401 (Pundit's error), before the lookup and the role check. The controller at
 *   fd5ac2a8a has no such guard (an account without the flag is served); a later upstream
 *   controller adds it, and the sandbox plays it so that a program's handling of a switched-off
 *   flag can be tested;
 * - the list and show are open to every member; create, update and destroy are administrator-only;
 * - show, update and destroy use `find_by(id)` in the account: a missing or foreign id renders nil,
 *   a 500 on show and update, while destroy answers 200 (it queues the deletion only of a policy
 *   it found);
 * - `params.require(:sla_policy)` after JSON wrapping; permitted on create and update alike: name,
 *   description, first_response_time_threshold, next_response_time_threshold,
 *   resolution_time_threshold, only_during_business_hours (the later build that adds the guard
 *   also lets an update change only name and description);
 * - validations: ApplicationRecord's length limits (column-lengths.ts: name and description are
 *   string columns, 255 characters), then name presence (422 RecordInvalid "Name can't be
 *   blank"); thresholds are float columns holding seconds, cast like ActiveModel's Float, with no
 *   range checked; `only_during_business_hours` defaults to false;
 * - destroy queues a DeleteObjectJob; the sandbox runs it at once.
 */
import { internalError } from "../errors";
import { castBoolean, castFloat, castString, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK } from "../record-errors";
import type { AccountRecord, SandboxState, SlaPolicyRecord } from "../state";
import { accountTable } from "./account-table";
import { columnLengthErrors, type TextColumn } from "./column-lengths";

const THRESHOLDS = ["first_response_time_threshold", "next_response_time_threshold", "resolution_time_threshold"] as const;

const COLUMNS = ["id", "name", "description", ...THRESHOLDS, "only_during_business_hours", "account_id", "created_at", "updated_at"];

const TEXT_COLUMNS: Record<string, TextColumn> = { name: "string", description: "string" };

const PERMIT: PermitFilter = {
  name: "scalar",
  description: "scalar",
  first_response_time_threshold: "scalar",
  next_response_time_threshold: "scalar",
  resolution_time_threshold: "scalar",
  only_during_business_hours: "scalar",
};

/** A policy being assigned: the name may be nil until validation refuses it. */
type Draft = Omit<SlaPolicyRecord, "name"> & { name: string | null };

/** The account's policies, in id order; looked up with `find_by` (see {@link existingSlaPolicy}). */
export const slaPolicies = accountTable<SlaPolicyRecord, Draft>({
  rows: (state) => state.slaPolicies,
  sequence: "sla_policies",
  param: "sla_policy",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => ({
    id: 0,
    account_id: account.id,
    name: null,
    description: null,
    first_response_time_threshold: null,
    next_response_time_threshold: null,
    resolution_time_threshold: null,
    only_during_business_hours: false,
  }),
  assign,
  save,
});

/** For show and update: the policy, or the 500 of rendering (or updating) nil. */
export function existingSlaPolicy(state: SandboxState, account: AccountRecord, idParam: string): SlaPolicyRecord {
  const policy = slaPolicies.findBy(state, account, idParam);
  if (!policy) throw internalError();
  return policy;
}

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) draft.name = castString(attributes.name);
  if (has("description")) draft.description = castString(attributes.description);
  for (const key of THRESHOLDS) if (has(key)) draft[key] = castFloat(attributes[key]);
  if (has("only_during_business_hours")) draft.only_during_business_hours = castBoolean(attributes.only_during_business_hours);
  return draft;
}

function save(draft: Draft): SlaPolicyRecord {
  const errors = columnLengthErrors(draft, TEXT_COLUMNS);
  if (draft.name === null || draft.name.trim() === "") errors.add("name", CANT_BE_BLANK);
  errors.raiseIfAny();
  return { ...draft, name: draft.name as string };
}
