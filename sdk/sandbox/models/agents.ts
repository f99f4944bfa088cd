/**
 * Agents (AgentsController#index, UserPolicy#index?): every member lists the account's users,
 * ordered by lower(name) (`order_by_full_name`), ties by id. Agent writes are not modelled.
 */
import type { AccountRecord, SandboxState, UserRecord } from "../state";

export function agentsOf(state: SandboxState, account: AccountRecord): UserRecord[] {
  return [...state.users.values()]
    .filter((user) => state.roleOf(user, account.id) !== undefined)
    .sort((a, b) => {
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    });
}
