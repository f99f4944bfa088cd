/**
 * What is Campaign's own (the shared lifecycle, on a website inbox, is in collection-resources.test.ts):
 * one-off campaigns on an SMS inbox (schedule and audience), what happens once one has run
 * (completed: every change refused before any request, refresh keeps it, destroy deletes it), and
 * the inbox deciding the kind of campaign.
 */
import { resources } from "../../provider";
import { create, destroy, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const campaign = resources.Campaign;
const SMS = { name: "SMS", channel: { type: "sms", phone_number: "+4930123456", provider_config: { account_id: "9", application_id: "app", api_key: "k", api_secret: "s" } } };

describe("Campaign", () => {
  const ctx = useSandbox();
  const smsInbox = async () => ((await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/inboxes`, SMS)).body as { id: number }).id;
  const rows = () => ctx.sb.control.snapshot().campaigns;

  it("makes a one-off campaign on an SMS inbox: its audience and schedule as given, compared as a set and as an instant", async () => {
    const inboxId = await smsInbox();
    const sale = { inboxId, title: "Sale", message: "20% off", audience: [{ type: "Label", id: 1 }, { type: "Label", id: "2" }], scheduledAt: "2030-01-01T10:00:00+01:00" };
    ctx.sb.control.clearLog();
    const state = await create(campaign, sale);
    expect(ctx.writes().map((w) => w.body)).toEqual([
      { inbox_id: inboxId, title: "Sale", message: "20% off", audience: [{ type: "Label", id: 1 }, { type: "Label", id: 2 }], scheduled_at: "2030-01-01T10:00:00+01:00" },
    ]);
    expect(state.outs).toMatchObject({ campaignType: "one_off", campaignStatus: "active", scheduledAt: "2030-01-01T09:00:00.000Z" });
    ctx.sb.control.clearLog();
    const same = { ...sale, audience: [{ type: "Label", id: 2 }, { type: "Label", id: 1 }], scheduledAt: "2030-01-01T09:00:00Z" };
    expect((await up(campaign, state, same)).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
  });

  it("refuses every change to a completed one-off campaign before any request; refresh keeps it and destroy deletes it", async () => {
    const inboxId = await smsInbox();
    const sale = { inboxId, title: "Sale", message: "20% off", scheduledAt: new Date(Date.now() - 60_000).toISOString() };
    const made = await create(campaign, sale);
    expect(ctx.sb.control.runScheduledCampaigns()).toEqual([Number(made.id)]);
    const state = (await refresh(campaign, made))!;
    expect(state.id).toBe(made.id);
    expect(state.outs).toMatchObject({ campaignStatus: "completed", title: "Sale" });
    ctx.sb.control.clearLog();
    await expect(up(campaign, state, { ...sale, message: "30% off" })).rejects.toThrow(
      new RegExp(`^campaign ${made.id} is a one-off campaign that has run \\(status completed\\): Chatwoot keeps it as history and refuses every change`),
    );
    expect(ctx.writes()).toEqual([]);
    expect((await up(campaign, state, sale)).op).toBe("same");
    await destroy(campaign, state);
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`DELETE /api/v1/accounts/${ctx.account.id}/campaigns/${made.id}`]);
    expect(rows()).toEqual([]);
  });

  it("explains the server's refusal when the campaign ran after the last refresh", async () => {
    const inboxId = await smsInbox();
    const sale = { inboxId, title: "Sale", message: "20% off", scheduledAt: new Date(Date.now() - 60_000).toISOString() };
    const state = await create(campaign, sale);
    ctx.sb.control.runScheduledCampaigns();
    await expect(up(campaign, state, { ...sale, message: "30% off" })).rejects.toThrow(
      /422 .*Status The campaign is already completed.*the one-off campaign has run since the last refresh/,
    );
    expect(rows()[0]).toMatchObject({ message: "20% off", campaign_status: "completed" });
  });

  it("replaces the campaign when its inbox changes (the inbox decides its kind)", async () => {
    const base = { inboxId: 1, title: "Pricing help", message: "Questions?" };
    const state = await create(campaign, base);
    expect(state.outs).toMatchObject({ campaignType: "ongoing", scheduledAt: null });
    const moved = await up(campaign, state, { ...base, inboxId: await smsInbox() });
    expect(moved.op).toBe("replace");
    expect(moved.diff.replaces).toEqual(["inboxId"]);
  });

  it("fails naming a schedule or audience given for a website inbox's campaign, which Chatwoot drops", async () => {
    await expect(create(campaign, { inboxId: 1, title: "Pricing help", message: "Questions?", scheduledAt: "2030-01-01T09:00:00Z" })).rejects.toThrow(
      /scheduledAt apply to one-off campaigns \(SMS and WhatsApp inboxes\) only; inbox 1 makes ongoing \(website\) campaigns/,
    );
  });
});
