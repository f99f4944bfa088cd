import { z } from "zod";
import type { SandboxState } from "./state";

/**
 * What the sandbox prints as its one start-up line, and `sandbox.info`. Scripts outside the
 * project parse it: keys may be added, never removed.
 */
export const SandboxInfo = z.object({
  /** "http://127.0.0.1:PORT" */
  url: z.string(),
  /** Tokens of the fixture's platform apps, in id order (each app sees only its own bots). */
  platformTokens: z.array(z.string()),
  /** A user who belongs to two accounts. */
  sharedUserId: z.number(),
  accounts: z.array(
    z.object({
      id: z.number(),
      /** Token of the account's first administrator. */
      adminToken: z.string(),
      /** Token of the account's first agent who belongs to no other account; null when there is none. */
      agentToken: z.string().nullable(),
      userIds: z.array(z.number()),
      inboxIds: z.array(z.number()),
    }),
  ),
});
export type SandboxInfo = z.infer<typeof SandboxInfo>;

/** Describes a freshly built state (tokens are stable across resets, so this is computed once). */
export function describeSandbox(url: string, state: SandboxState): SandboxInfo {
  const users = [...state.users.values()].sort((a, b) => a.id - b.id);
  const shared = users.find((u) => u.memberships.length >= 2);
  if (!shared) throw new Error("the fixture has no user in two accounts"); // the fixture schema rules this out
  const accounts = [...state.accounts.values()]
    .sort((a, b) => a.id - b.id)
    .map((account) => {
      const members = users.filter((u) => state.roleOf(u, account.id) !== undefined);
      const admin = members.find((u) => state.roleOf(u, account.id) === "administrator");
      const agent = members.find((u) => state.roleOf(u, account.id) === "agent" && u.memberships.length === 1);
      if (!admin) throw new Error(`account ${account.id} has no administrator`);
      const inboxIds = [...state.inboxes.values()].filter((i) => i.account_id === account.id).map((i) => i.id).sort((a, b) => a - b);
      return { id: account.id, adminToken: admin.access_token, agentToken: agent?.access_token ?? null, userIds: members.map((u) => u.id), inboxIds };
    });
  const platformTokens = [...state.platformApps.values()].sort((a, b) => a.id - b.id).map((app) => app.token);
  return { url, platformTokens, sharedUserId: shared.id, accounts };
}
