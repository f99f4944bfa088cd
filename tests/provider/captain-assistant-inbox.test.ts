/**
 * What is CaptainAssistantInbox's own: an assistant's link to an inbox, read in the assistant's
 * inbox list, made by a wrapped POST, deleted by the inbox's id. Upstream:
 * enterprise/app/controllers/api/v1/accounts/captain/inboxes_controller.rb, its request spec
 * (spec/enterprise/controllers/api/v1/accounts/captain/inboxes_controller_spec.rb) and
 * enterprise/app/models/captain_inbox.rb.
 */
import { resources } from "../../provider";
import { create, destroy, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const provider = resources.CaptainAssistantInbox;

// Seed (sdk/sandbox/seed.ts): account 1 has inboxes 1–3, none with a bot; each test makes assistants 1 and 2.
describe("CaptainAssistantInbox", () => {
  const ctx = useSandbox();
  const assistants = () => `/api/v1/accounts/${ctx.account.id}/captain/assistants`;
  const inboxesOf = (assistantId: number) => `${assistants()}/${assistantId}/inboxes`;
  const links = () => ctx.sb.control.snapshot().captain_inboxes.map((l) => [l.captain_assistant_id, l.inbox_id]);
  beforeEach(async () => {
    for (const name of ["Helpdesk", "Sales"]) await ctx.admin("POST", assistants(), { assistant: { name, description: "d" } });
    ctx.sb.control.clearLog();
  });

  it("connects with a read and one wrapped POST; a second up sends nothing; destroy disconnects", async () => {
    const state = await create(provider, { assistantId: 1, inboxId: 2 });
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${inboxesOf(1)}`, `POST ${inboxesOf(1)}`]);
    expect(ctx.writes()[0]?.body).toEqual({ inbox: { inbox_id: 2 } });
    expect(state).toMatchObject({ id: `${ctx.account.id}/2`, outs: { accountId: ctx.account.id, assistantId: 1, inboxId: 2 } });
    expect(links()).toEqual([[1, 2]]);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { assistantId: 1, inboxId: 2 })).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
    // Another assistant replaces the link, disconnecting first: an inbox has one assistant.
    const moved = await up(provider, state, { assistantId: 2, inboxId: 2 });
    expect([moved.op, moved.diff.deleteBeforeReplace]).toEqual(["replace", true]);
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`DELETE ${inboxesOf(1)}/2`]);
    expect(links()).toEqual([]);
  });

  it("refuses an inbox the assistant answers in already unless adopted, and explains another assistant's", async () => {
    await ctx.admin("POST", inboxesOf(1), { inbox: { inbox_id: 2 } });
    ctx.sb.control.clearLog();
    await expect(create(provider, { assistantId: 1, inboxId: 2 })).rejects.toThrow(/inbox 2 already has Captain assistant 1; set adopt: true/);
    const adopted = await create(provider, { assistantId: 1, inboxId: 2, adopt: true });
    expect(adopted.outs).toMatchObject({ adopted: true, inboxId: 2 });
    expect(ctx.writes()).toEqual([]);
    await expect(create(provider, { assistantId: 2, inboxId: 2 })).rejects.toThrow(/422 Inbox has already been taken; inbox 2 is answered by another Captain assistant already/);
  });

  // captain_inbox.rb#ensure_exclusive_bot_provider (InboxBotStatus#conflicting_bot_provider).
  it("explains the 422 of an inbox an agent bot answers", async () => {
    await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/inboxes/3/set_agent_bot`, { agent_bot: 1 });
    await expect(create(provider, { assistantId: 1, inboxId: 3 })).rejects.toThrow(
      /422 Disconnect Agent Bot before connecting Captain; inbox 3 has an agent bot or a Dialogflow hook answering it/,
    );
  });

  it("reads as gone when the link, its assistant or its inbox is deleted by hand; deletes idempotently", async () => {
    const state = await create(provider, { assistantId: 1, inboxId: 2 });
    await ctx.admin("DELETE", `${inboxesOf(1)}/2`);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
    const again = await create(provider, { assistantId: 1, inboxId: 1 });
    await ctx.admin("DELETE", `${assistants()}/1`);
    expect(await refresh(provider, again)).toBeUndefined();
    await expect(destroy(provider, again)).resolves.toBeUndefined();
  });

  it("names Captain in an account without it: the guard's 403 and its hint", async () => {
    ctx.sb.control.setFeatures(ctx.account.id, { captain_integration: false });
    await expect(create(provider, { assistantId: 1, inboxId: 2 })).rejects.toThrow(/403 Captain is not enabled for this account; an Enterprise feature of the account is off/);
  });
});
