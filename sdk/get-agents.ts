import * as pulumi from "@pulumi/pulumi";
import type { Agents, GetAgentsArgs as ReaderArgs } from "../provider/readers/agents";
import { readers } from "../provider";
import type { DeepInput } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import { configureFromStack } from "./stack-connection";

/** Arguments of {@link getAgents}. `accountId` defaults to config `chatwoot:accountId`. */
export type GetAgentsArgs = ReaderArgs;
/** Arguments of {@link getAgentsOutput}: the same, as Pulumi inputs. */
export type GetAgentsOutputArgs = { [K in keyof ReaderArgs]: DeepInput<ReaderArgs[K]> };
/**
 * What {@link getAgents} returns: the account's users (id, name, email, role, availability,
 * confirmed); with `email`, exactly the one with that address.
 */
export type GetAgentsResult = Agents;

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
 * @param _opts accepted for the shape of Pulumi's generated data sources; the lookup runs in the program process.
 */
export async function getAgents(args: GetAgentsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetAgentsResult> {
  noticeOutsideEngine();
  configureFromStack();
  return readers.getAgents(args);
}

/**
 * {@link getAgents} as an Output.
 *
 * ## Example Usage
 * ```ts
 * const carol = chatwoot.getAgentsOutput({ email: "carol@acme.test" }).agents[0].id;
 * new chatwoot.TeamMembership("billing", { teamId: billing.id, userIds: [carol] });
 * ```
 */
export function getAgentsOutput(args: GetAgentsOutputArgs = {}, opts?: pulumi.InvokeOptions): pulumi.Output<GetAgentsResult> {
  // Unwrap<T> of this plain JSON is T itself.
  return pulumi.output(args).apply((plain) => getAgents(plain as GetAgentsArgs, opts)) as unknown as pulumi.Output<GetAgentsResult>;
}
