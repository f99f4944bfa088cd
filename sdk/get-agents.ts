import type * as pulumi from "@pulumi/pulumi";
import type * as reader from "../provider/readers/agents";
import { dataSource } from "./data-source";
import type { InputsOf } from "./inputs";

/** Arguments of {@link getAgents}. */
export interface GetAgentsArgs {
  /** Id of the account whose agents are listed. Defaults to config `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). */
  accountId?: number;
  /**
   * Only the agent with this e-mail address (compared without regard to case): the way to find the
   * same person in another account or installation, where the user id differs. When given, an
   * account without such an agent is an error naming the address and the account.
   */
  email?: string;
}

/** Arguments of {@link getAgentsOutput}: those of {@link getAgents}, each a Pulumi input. */
export type GetAgentsOutputArgs = InputsOf<GetAgentsArgs>;

/** One user of an account as {@link getAgents} returns it. */
export interface GetAgentsAgent {
  /** The user id (the same user has the same id in every account of an installation). */
  id: number;
  /** The user's full name. */
  name: string | null;
  /** The user's e-mail address (the same in every account). */
  email: string | null;
  /** `administrator` or `agent`. */
  role: string | null;
  /** The agent's current availability: `online`, `busy` or `offline`. */
  availability: string | null;
  /** Whether the user has confirmed their e-mail address (an invited user who never logged in has not). */
  confirmed: boolean | null;
}

/** What {@link getAgents} returns. */
export interface GetAgentsResult {
  /** The account's agents and administrators, by name; with `email`, exactly the one with that address. */
  readonly agents: GetAgentsAgent[];
}

/** The provider's reader, loaded when the data source first runs (see ./data-source.ts). */
const load = (): typeof reader => require("../provider/readers/agents");
const source = dataSource("getAgents", () => load().getAgents);

/**
 * The agents and administrators of an account, read when the program runs, with the stack's
 * `chatwoot:*` config (or the `CHATWOOT_*` environment variables). With `email` it finds one
 * person by e-mail address (without regard to case), which is how a program refers to the same
 * person in two accounts or installations, where the user ids differ; an account without that
 * address is an error naming it.
 *
 * ## Example Usage
 * ```ts
 * // A CommonJS program cannot await at the top level: use .then, or await inside an async function.
 * export const carolId = chatwoot.getAgents({ email: "carol@acme.test" }).then(({ agents }) => agents[0].id);
 * async function administratorIds(): Promise<number[]> {
 *   const { agents } = await chatwoot.getAgents();
 *   return agents.filter((a) => a.role === "administrator").map((a) => a.id);
 * }
 * ```
 *
 * @param opts where the lookup runs: with a {@link Provider} (`{ provider }`, or a parent's), on the
 *   plugin against that provider's installation (so too with the stack setting `chatwoot:usePlugin`);
 *   otherwise in the program process, with the stack's connection.
 */
export const getAgents: (args?: GetAgentsArgs, opts?: pulumi.InvokeOptions) => Promise<GetAgentsResult> = source.plain;

/**
 * {@link getAgents} as an Output.
 *
 * ## Example Usage
 * ```ts
 * const carol = chatwoot.getAgentsOutput({ email: "carol@acme.test" }).agents[0].id;
 * new chatwoot.InboxMembership("website-carol", { inboxId: website.id, userIds: [carol] });
 *
 * const alice = chatwoot.getAgentsOutput({ email: "alice@acme.test" }).agents[0];
 * export const aliceAvailability = alice.availability;
 * ```
 */
export const getAgentsOutput: (args?: GetAgentsOutputArgs, opts?: pulumi.InvokeOptions) => pulumi.Output<GetAgentsResult> = source.output;
