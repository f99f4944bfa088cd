/**
 * The sandbox seed for the fleet benchmark: the built-in seed plus enough inboxes and agents in
 * account 1 that every membership of the fleet has an inbox of its own (two memberships of one
 * inbox would be the same object, `accountId/inboxId`).
 */
import { defaultFixture, type FixtureInput } from "../../../sdk/sandbox";

type Inbox = NonNullable<FixtureInput["inboxes"]>[number];
type User = FixtureInput["users"][number];

/** Channel types of the added inboxes, in turn; portals can link only the web widgets. */
const CHANNELS = ["Channel::WebWidget", "Channel::Api", "Channel::Email"] as const;

/** What the added rows are, for the workload that uses them. */
export interface FleetSeed {
  fixture: FixtureInput;
  /** Account 1's inboxes that no seeded membership uses yet, in id order. */
  inboxIds: number[];
  /** The web-widget inboxes among them. */
  widgetInboxIds: number[];
  /** Account 1's agents (seeded ones included). */
  agentIds: number[];
}

/** The built-in seed with `inboxes` more inboxes and `agents` more agents in account 1. */
export function fleetSeed(inboxes: number, agents: number): FleetSeed {
  const base = defaultFixture;
  const firstInbox = Math.max(...(base.inboxes ?? []).map((i) => i.id)) + 1;
  const firstUser = Math.max(...base.users.map((u) => u.id)) + 1;
  const addedInboxes: Inbox[] = Array.from({ length: inboxes }, (_, n) => {
    const id = firstInbox + n;
    const channel = CHANNELS[n % CHANNELS.length] ?? "Channel::Api";
    const inbox: Inbox = { id, account_id: 1, name: `Queue ${id}`, channel_type: channel };
    if (channel === "Channel::WebWidget") inbox.website_url = `https://shop${id}.acme.test`;
    if (channel === "Channel::Email") inbox.email = `queue${id}@acme.test`;
    return inbox;
  });
  const addedUsers: User[] = Array.from({ length: agents }, (_, n) => {
    const id = firstUser + n;
    return { id, name: `Agent ${id}`, email: `agent${id}@acme.test`, memberships: [{ account_id: 1, role: "agent" }] };
  });
  const seededAgents = base.users.filter((u) => u.memberships.some((m) => m.account_id === 1 && m.role === "agent")).map((u) => u.id);
  return {
    fixture: { ...base, inboxes: [...(base.inboxes ?? []), ...addedInboxes], users: [...base.users, ...addedUsers] },
    inboxIds: addedInboxes.map((i) => i.id),
    widgetInboxIds: addedInboxes.filter((i) => i.channel_type === "Channel::WebWidget").map((i) => i.id),
    agentIds: [...seededAgents, ...addedUsers.map((u) => u.id)],
  };
}
