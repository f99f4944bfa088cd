/**
 * What ActiveRecord gives each model of an account's configuration, written once: rows of one
 * account found by id (`find`, 404; `find_by`, nil), listed (in id order unless the model has a
 * `default_scope`), created with the table's next id, updated in place of the old row, destroyed.
 * A model declares only what is its own: `params.require(param).permit(...)`, a new row's column
 * defaults, how permitted attributes are assigned, and its validations.
 */
import { recordNotFound } from "../errors";
import { requirePermitted, type Params, type ParamsRequest, type PermitFilter } from "../params";
import { rowById, type AccountRecord, type SandboxState, type Table } from "../state";

type Row = { id: number; account_id: number };

export interface AccountTableSpec<R extends Row, Draft> {
  /** The rows in the state, and the sequence that numbers new ones. */
  rows(state: SandboxState): Map<number, R>;
  sequence: Table;
  /** The key of `params.require`, the model's columns (for JSON wrapping) and what `permit` lets through. */
  param: string;
  columns: readonly string[];
  permit: PermitFilter;
  /** A new row before assignment: id 0, the account's id, the columns' defaults. */
  draft(account: AccountRecord): Draft;
  /** Copies the permitted attributes present in the request onto the draft, cast as the columns do. */
  assign(draft: Draft, attributes: Params): Draft;
  /** The validations (422 RecordInvalid) and NOT NULL columns (500): the row to store. The state is for uniqueness. */
  save(draft: Draft, state: SandboxState): R;
  /** After a create has its id, e.g. a generated token. */
  created?(state: SandboxState, row: R): void;
  /**
   * The model's `dependent:` options and `after_destroy` callbacks: what goes with a destroyed row,
   * or is cleared where other rows point at it. Jobs upstream queues (`destroy_async`) have run.
   */
  destroyed?(state: SandboxState, row: R): void;
  /** `updated_at` is a column: an update sets it. */
  touch?: boolean;
  /** A `default_scope` order; id order otherwise. */
  order?(a: R, b: R): number;
}

export interface AccountTable<R extends Row, Draft> {
  /** `Current.account.<rows>.find(id)`: 404 when missing or another account's. */
  find(state: SandboxState, account: AccountRecord, idParam: string): R;
  /** `Current.account.<rows>.find_by(id:)`: undefined when missing or another account's. */
  findBy(state: SandboxState, account: AccountRecord, idParam: string): R | undefined;
  of(state: SandboxState, account: AccountRecord): R[];
  /** `columns` set by the controller rather than the request (the creating user, say). */
  create(state: SandboxState, account: AccountRecord, request: ParamsRequest, columns?: Partial<Draft>): R;
  update(state: SandboxState, row: R, request: ParamsRequest): R;
  destroy(state: SandboxState, row: R): void;
}

export function accountTable<R extends Row, Draft>(spec: AccountTableSpec<R, Draft>): AccountTable<R, Draft> {
  const payload = (request: ParamsRequest) => requirePermitted(request, spec.param, spec.columns, spec.permit);
  const findBy = (state: SandboxState, account: AccountRecord, idParam: string) => rowById(spec.rows(state), idParam, account);
  const order = spec.order ?? ((a: R, b: R) => a.id - b.id);
  return {
    findBy,
    find(state, account, idParam) {
      const row = findBy(state, account, idParam);
      if (!row) throw recordNotFound();
      return row;
    },
    of: (state, account) => [...spec.rows(state).values()].filter((row) => row.account_id === account.id).sort(order),
    create(state, account, request, columns) {
      const row = spec.save(spec.assign({ ...spec.draft(account), ...columns }, payload(request)), state);
      row.id = state.nextId(spec.sequence);
      spec.created?.(state, row);
      spec.rows(state).set(row.id, row);
      return row;
    },
    update(state, row, request) {
      // A copy: a refused update leaves the stored row as it was.
      const updated = spec.save(spec.assign(structuredClone(row) as unknown as Draft, payload(request)), state);
      if (spec.touch) Object.assign(updated, { updated_at: new Date().toISOString() });
      spec.rows(state).set(updated.id, updated);
      return updated;
    },
    destroy(state, row) {
      spec.rows(state).delete(row.id);
      spec.destroyed?.(state, row);
    },
  };
}
