import * as pulumi from "@pulumi/pulumi";
import type { TeamInputs } from "../provider/resources/team";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/team");

/** Arguments of {@link Team}. `accountId` defaults to config `chatwoot:accountId`. */
export type TeamArgs = ResourceArgs<TeamInputs, "accountId">;

/**
 * A team of a Chatwoot account: a group of agents that conversations can be assigned to (by hand,
 * or by the `assign_team` action of automation rules and macros). Its members are managed with
 * {@link TeamMembership}.
 *
 * ## Example Usage
 * ```ts
 * const billing = new chatwoot.Team("billing", {
 *   name: "billing",
 *   description: "Invoices, refunds and plan changes",
 *   allowAutoAssign: true,
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing team with the same name (compared in lower case; Pulumi's
 * `import` does not work for dynamic resources); the first `up` then brings it to the declared state.
 */
export class Team extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  /** The name as Chatwoot stores it (lower case). */
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly allowAutoAssign: pulumi.Output<boolean | null>;

  constructor(name: string, args: TeamArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { description: undefined, allowAutoAssign: undefined, ...args }, opts, "chatwoot", "Team");
    noticeOutsideEngine();
  }
}
