/**
 * The run's listing of a collection: creates that reach the provider one at a time (as `pulumi up`
 * sends them on a file or PostgreSQL backend) or together share one GET, kept up to date with the
 * run's own creates, updates and deletes; it is listed again when it is older than
 * LISTING_MAX_AGE_MS, after a create failed, for `adopt: true`, and before a refusal it would make
 * alone. A create whose answer is lost never takes an object another create of the run made.
 */
import { resources } from "../../provider";
import { LISTING_MAX_AGE_MS } from "../../provider/lifecycle/run-listing";
import { create, destroy, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const ctx = useSandbox();
const RULES = "/api/v1/accounts/1/automation_rules";
const LABELS = "/api/v1/accounts/1/labels";
const rule = (name: string) => ({ name, eventName: "conversation_created", actions: [{ actionName: "add_label", actionParams: ["vip"] }] });
const lines = (method: string, path: string) => ctx.requests().filter((e) => e.method === method && e.path === path);
const label = resources.Label;
const madeByHand = async (title: string) => {
  const answer = await ctx.admin("POST", LABELS, { title });
  expect(answer.status).toBe(200);
  return (answer.body as { id: number }).id;
};

afterEach(() => jest.restoreAllMocks());

test("creates of one collection list it once, whether they come one at a time or together", async () => {
  for (const name of ["a", "b", "c"]) await create(resources.AutomationRule, rule(name));
  await Promise.all(["d", "e", "f"].map((n) => create(resources.AutomationRule, rule(n))));
  expect(lines("GET", RULES)).toHaveLength(1);
  expect(lines("POST", RULES)).toHaveLength(6);
});

test(`a listing older than ${LISTING_MAX_AGE_MS / 1000} s is taken again before the next POST`, async () => {
  const now = Date.now();
  const clock = jest.spyOn(Date, "now").mockReturnValue(now);
  await create(resources.AutomationRule, rule("a"));
  clock.mockReturnValue(now + LISTING_MAX_AGE_MS);
  await create(resources.AutomationRule, rule("b"));
  expect(lines("GET", RULES)).toHaveLength(1);
  clock.mockReturnValue(now + LISTING_MAX_AGE_MS + 1);
  await create(resources.AutomationRule, rule("c"));
  expect(lines("GET", RULES)).toHaveLength(2);
});

test("the run's delete frees its key, and its update moves it, for the run's next creates", async () => {
  const vip = await create(label, { title: "vip" });
  await destroy(label, vip);
  // A replacement that deletes first: the new object takes the key the old one held.
  await create(label, { title: "vip" });
  const old = await create(label, { title: "old" });
  await up(label, old, { title: "renamed" });
  await create(label, { title: "old" });
  await expect(create(label, { title: "renamed" })).rejects.toThrow(/^check failed: POST \S+ not sent: label \d+ already has title "renamed"/);
  // One listing, and one more to be sure before refusing.
  expect(lines("GET", LABELS)).toHaveLength(2);
});

test("a key the listing shows in use is looked at again before a refusal: a label deleted by hand meanwhile is free", async () => {
  const vip = await create(label, { title: "vip" });
  expect((await ctx.admin("DELETE", `${LABELS}/${vip.id}`)).status).toBe(200);
  ctx.sb.control.clearLog();
  await create(label, { title: "vip" });
  expect(lines("GET", LABELS)).toHaveLength(1);
  expect(lines("POST", LABELS)).toHaveLength(1);
});

test("adopt: true takes the object that exists now, though the kept listing was taken before it", async () => {
  await create(label, { title: "first" });
  const id = await madeByHand("vip");
  ctx.sb.control.clearLog();
  const adopted = await create(label, { title: "vip", adopt: true });
  expect(adopted.id).toBe(String(id));
  expect(lines("POST", LABELS)).toEqual([]);
});

test("a key another client took after the listing is refused by the server, explained, and nothing duplicated", async () => {
  await create(label, { title: "first" });
  const id = await madeByHand("vip");
  await expect(create(label, { title: "vip" })).rejects.toThrow(new RegExp(`^POST ${LABELS}: 422 .*; label ${id} already has title "vip"; set adopt: true to manage it`));
  expect(ctx.sb.control.snapshot().labels.filter((l) => l.title === "vip")).toHaveLength(1);
});

test("after a failed create the collection is listed again: what exists matters most then", async () => {
  await create(resources.AutomationRule, rule("a"));
  ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/automation_rules", kind: "status", status: 422, body: { message: "refused" } });
  await expect(create(resources.AutomationRule, rule("b"))).rejects.toThrow(/422/);
  await create(resources.AutomationRule, rule("c"));
  expect(lines("GET", RULES)).toHaveLength(2);
});

test("a lost answer in a batch of identical creates takes the object its own POST made, not a batch-mate's", async () => {
  const collection = "/api/v1/accounts/:account/automation_rules";
  // The listing goes through; the look after the lost answer comes once the other create (an
  // identical rule) has finished, so that both rules are new since the listing when it looks.
  ctx.sb.control.inject({ method: "GET", path: collection, kind: "delay", delayMs: 0 });
  ctx.sb.control.inject({ method: "GET", path: collection, kind: "delay", delayMs: 500 });
  ctx.sb.control.inject({ method: "POST", path: collection, kind: "lost-response" });
  const states = await Promise.all([create(resources.AutomationRule, rule("twin")), create(resources.AutomationRule, rule("twin"))]);
  const ids = states.map((s) => Number(s.id)).sort();
  const stored = ctx.sb.control.snapshot().automation_rules.map((r) => r.id).sort();
  expect(ids[0]).not.toBe(ids[1]);
  expect(stored).toEqual(ids);
  expect(lines("POST", RULES)).toHaveLength(2);
});

test("a lost answer one create later never takes an object an earlier create of the run made, even an identical one", async () => {
  const first = await create(resources.AutomationRule, rule("twin"));
  ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/automation_rules", kind: "lost-response" });
  const second = await create(resources.AutomationRule, rule("twin"));
  expect(second.id).not.toBe(first.id);
  expect(ctx.sb.control.snapshot().automation_rules.map((r) => String(r.id)).sort()).toEqual([first.id, second.id].sort());
  expect(lines("POST", RULES)).toHaveLength(2);
});

describe("an account the run made", () => {
  /** A new account, with account 1's administrator (the provider's token) made its administrator too. */
  const newAccount = async () => {
    const account = await create(resources.PlatformAccount, { name: "Fresh" });
    const accountId = Number(account.id);
    await create(resources.PlatformAccountUser, { accountId, userId: ctx.account.userIds[0]!, role: "administrator" });
    ctx.sb.control.clearLog();
    return { accountId, at: (collection: string) => `/api/v1/accounts/${accountId}/${collection}` };
  };

  test("is known empty: its creates send their POSTs without listing, and a key the run took is still refused, after a look", async () => {
    const { accountId, at } = await newAccount();
    await create(label, { accountId, title: "vip" });
    await create(resources.Team, { accountId, name: "billing" });
    await create(resources.Inbox, { accountId, name: "Support", channel: { type: "api" } });
    await create(label, { accountId, title: "bug" });
    expect(ctx.requests().map((e) => `${e.method} ${e.path}`)).toEqual([`POST ${at("labels")}`, `POST ${at("teams")}`, `POST ${at("inboxes")}`, `POST ${at("labels")}`]);
    await expect(create(label, { accountId, title: "vip" })).rejects.toThrow(/not sent: label \d+ already has title "vip"/);
    expect(lines("GET", at("labels"))).toHaveLength(1);
  });

  test("but for the collections a new account fills itself (the installation's bots), and only for its first 30 s", async () => {
    const now = Date.now();
    const clock = jest.spyOn(Date, "now").mockReturnValue(now);
    const { accountId, at } = await newAccount();
    await create(resources.AgentBot, { accountId, name: "Helper", scope: "account" });
    expect(lines("GET", at("agent_bots"))).toHaveLength(1);
    clock.mockReturnValue(now + LISTING_MAX_AGE_MS + 1);
    await create(label, { accountId, title: "late" });
    expect(lines("GET", at("labels"))).toHaveLength(1);
  });

  test("its users are those the run gave it: agents are invited, and a new inbox and team get members, with no listing first", async () => {
    const { accountId, at } = await newAccount();
    const andrew = Number((await create(resources.Agent, { accountId, name: "Andrew", email: "andrew@fresh.test", role: "agent" })).id);
    const inbox = await create(resources.Inbox, { accountId, name: "Support", channel: { type: "api" } });
    const operator = ctx.account.userIds[0]!;
    // The operator joined through the Platform API: an agent of the account, known by id.
    await create(resources.InboxMembership, { accountId, inboxId: Number(inbox.id), userIds: [operator, andrew] });
    const team = await create(resources.Team, { accountId, name: "support" });
    const members = await create(resources.TeamMembership, { accountId, teamId: Number(team.id), userIds: [andrew] });
    expect(ctx.requests().filter((e) => e.method === "GET")).toEqual([]);
    expect(members.outs.userIds).toEqual([andrew]);
    const listed = (await ctx.admin("GET", `${at("teams")}/${team.id}/team_members`)).body as { id: number }[];
    expect(listed.map((a) => a.id)).toEqual([andrew]);
  });

  test("an agent the run invites is in the Platform API's list of the account's users: adding them there is refused, not a role change", async () => {
    const { accountId } = await newAccount();
    const andrew = Number((await create(resources.Agent, { accountId, name: "Andrew", email: "andrew@fresh.test", role: "agent" })).id);
    ctx.sb.control.clearLog();
    await expect(create(resources.PlatformAccountUser, { accountId, userId: andrew, role: "administrator" })).rejects.toThrow(new RegExp(`not sent: account user ${andrew} already has user ${andrew}`));
    expect(ctx.writes()).toEqual([]);
    const users = (await ctx.platform("GET", `/platform/api/v1/accounts/${accountId}/account_users`)).body as { user_id: number; role: string }[];
    expect(users.find((u) => u.user_id === andrew)?.role).toBe("agent");
  });

  test("a lost invitation never takes the user the run gave the account through the Platform API for the agent it invited", async () => {
    const { accountId, at } = await newAccount();
    const operator = ctx.account.userIds[0]!;
    const agents = (await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/agents`)).body as { id: number; email: string }[];
    const email = agents.find((a) => a.id === operator)!.email;
    ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/agents", kind: "lost-response" });
    // The server refuses the invitation (the operator is a user of the account), and its answer is lost.
    await expect(create(resources.Agent, { accountId, name: "Operator", email, role: "agent" })).rejects.toThrow(/422/);
    expect(lines("POST", at("agents")).length).toBeGreaterThanOrEqual(2);
    const users = (await ctx.platform("GET", `/platform/api/v1/accounts/${accountId}/account_users`)).body as { user_id: number; role: string }[];
    expect(users.find((u) => u.user_id === operator)?.role).toBe("administrator");
  });

  test("an account the run did not make is listed before a create", async () => {
    const made = (await ctx.platform("POST", "/platform/api/v1/accounts", { name: "By hand" })).body as { id: number };
    await create(resources.PlatformAccountUser, { accountId: made.id, userId: ctx.account.userIds[0]!, role: "administrator" });
    ctx.sb.control.clearLog();
    await create(label, { accountId: made.id, title: "vip" });
    expect(lines("GET", `/api/v1/accounts/${made.id}/labels`)).toHaveLength(1);
  });
});
