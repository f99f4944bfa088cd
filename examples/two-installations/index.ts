/**
 * Two Chatwoot installations side by side in one program, each with its own provider: the same
 * support desk (a label, a team) in a staging and a production account. Each provider has its own
 * URL, account and token (a secret), from this project's config; the stack's `chatwoot:*` config is
 * not used. The desk is a component whose `providers` hand its provider to every resource in it,
 * as Pulumi passes providers down; a data source takes its provider as an option.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();

/** The support desk of one installation. */
class SupportDesk extends pulumi.ComponentResource {
  readonly labelId: pulumi.Output<string>;
  readonly teamId: pulumi.Output<string>;

  constructor(name: string, opts: pulumi.ComponentResourceOptions) {
    super("acme:chatwoot:SupportDesk", name, {}, opts);
    const inDesk = { parent: this };
    const vip = new chatwoot.Label(`${name}-vip`, { title: "vip", description: "Customers on the enterprise plan", color: "#7c3aed" }, inDesk);
    const billing = new chatwoot.Team(`${name}-billing`, { name: "Billing", description: "Invoices, refunds and plan changes" }, inDesk);
    this.labelId = vip.id;
    this.teamId = billing.id;
    this.registerOutputs({ labelId: this.labelId, teamId: this.teamId });
  }
}

/** The provider of installation `name`, from its `<name>Url`, `<name>AccountId` and `<name>Token` settings. */
const installation = (name: string) =>
  new chatwoot.Provider(name, {
    url: config.require(`${name}Url`),
    accountId: config.requireNumber(`${name}AccountId`),
    apiAccessToken: config.requireSecret(`${name}Token`),
  });

const staging = installation("staging");
const production = installation("production");
const stagingDesk = new SupportDesk("staging", { providers: [staging] });
const productionDesk = new SupportDesk("production", { providers: [production] });

export const stagingLabelId = stagingDesk.labelId;
export const productionLabelId = productionDesk.labelId;
/** The teams production holds, read through its provider. */
export const productionTeams = chatwoot.getTeamsOutput({}, { provider: production }).teams.apply((teams) => teams.map((t) => t.name));
