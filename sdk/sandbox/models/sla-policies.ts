/**
 * SLA policies (Enterprise: SlaPoliciesController, SlaPolicy, SlaPolicyPolicy), behaving like
 * current upstream:
 * - `ensure_sla_feature_enabled` runs first: in an account without the `sla` feature every action
 *   answers 401 (Pundit's error), before the lookup and the role check;
 * - the list and show are open to every member; create, update and destroy are administrator-only;
 * - show, update and destroy use `find_by(id)` in the account: a missing or foreign id renders nil,
 *   a 500 on show and update, while destroy answers 200 (it queues the deletion only of a policy
 *   it found);
 * - `params.require(:sla_policy)` after JSON wrapping; permitted: name, description,
 *   first_response_time_threshold, next_response_time_threshold, resolution_time_threshold,
 *   only_during_business_hours; an update permits only name and description (newest upstream:
 *   "Thresholds and business hours are locked after creation"), so the others are dropped, 200;
 * - the one validation: name presence (422 RecordInvalid "Name can't be blank"); thresholds are
 *   float columns holding seconds, cast like ActiveModel's Float, with no range checked;
 *   `only_during_business_hours` defaults to false;
 * - destroy queues a DeleteObjectJob; the sandbox runs it at once.
 */
import { internalError } from "../errors";
import { castBoolean, castFloat, castString, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors } from "../record-errors";
import type { AccountRecord, SandboxState, SlaPolicyRecord } from "../state";
import { accountTable } from "./account-table";

const THRESHOLDS = ["first_response_time_threshold", "next_response_time_threshold", "resolution_time_threshold"] as const;

const COLUMNS = ["id", "name", "description", ...THRESHOLDS, "only_during_business_hours", "account_id", "created_at", "updated_at"];

const PERMIT: PermitFilter = {
  name: "scalar",
  description: "scalar",
  first_response_time_threshold: "scalar",
  next_response_time_threshold: "scalar",
  resolution_time_threshold: "scalar",
  only_during_business_hours: "scalar",
};

/** `update_permitted_params`: conversations already measured against the thresholds keep their meaning. */
const UPDATE_PERMIT: PermitFilter = { name: "scalar", description: "scalar" };

/** A policy being assigned: the name may be nil until validation refuses it. */
type Draft = Omit<SlaPolicyRecord, "name"> & { name: string | null };

/** The account's policies, in id order; looked up with `find_by` (see {@link existingSlaPolicy}). */
export const slaPolicies = accountTable<SlaPolicyRecord, Draft>({
  rows: (state) => state.slaPolicies,
  sequence: "sla_policies",
  param: "sla_policy",
  columns: COLUMNS,
  permit: PERMIT,
  updatePermit: UPDATE_PERMIT,
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
  const errors = new RecordErrors();
  if (draft.name === null || draft.name.trim() === "") errors.add("name", CANT_BE_BLANK);
  errors.raiseIfAny();
  return { ...draft, name: draft.name as string };
}
