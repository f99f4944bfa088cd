/**
 * What is InboxCsatTemplate's own: a WhatsApp inbox's one survey template, submitted by a POST
 * that replaces any earlier one (so every change replaces the resource), read back by its approval
 * status (the API shows no text), never deleted. Upstream:
 * app/controllers/api/v1/accounts/inbox_csat_templates_controller.rb and its request spec.
 */
import { resources } from "../../provider";
import { create, destroy, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";
import { makeWhatsappInbox } from "./support/whatsapp-inbox";

const provider = resources.InboxCsatTemplate;

describe.each(SHAPES)("InboxCsatTemplate (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  let inboxId = 0;
  const path = (id = inboxId) => `/api/v1/accounts/${ctx.account.id}/inboxes/${id}/csat_template`;
  const name = () => `customer_satisfaction_survey_${inboxId}`;
  const writes = () => ctx.writes().map((w) => ({ method: w.method, path: w.path, body: w.body }));
  const meta = () => ctx.sb.control.snapshot().meta_templates;
  beforeEach(async () => {
    inboxId = await makeWhatsappInbox(ctx.admin, ctx.account.id);
    ctx.sb.control.clearLog();
  });

  it("creates with one POST under template; outputs the name and PENDING; a second up sends nothing", async () => {
    const state = await create(provider, { inboxId: String(inboxId), message: "How did we do?", buttonText: "Rate us" });
    expect(writes()).toEqual([{ method: "POST", path: path(), body: { template: { message: "How did we do?", button_text: "Rate us" } } }]);
    expect(state.id).toBe(`${ctx.account.id}/${inboxId}`);
    // The language Chatwoot chose is the output's; the program did not manage it.
    expect(state.outs).toMatchObject({ accountId: ctx.account.id, inboxId, message: "How did we do?", buttonText: "Rate us", language: "en", templateName: name(), status: "PENDING" });
    expect(meta()).toEqual([expect.objectContaining({ name: name(), body: "How did we do?", button_text: "Rate us", status: "PENDING" })]);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { inboxId, message: "How did we do?", buttonText: "Rate us" })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("replaces the template on every change (Chatwoot has no update): the new one submitted, the earlier one gone at Meta", async () => {
    const state = await create(provider, { inboxId, message: "How did we do?" });
    for (const change of [{ message: "How was it?" }, { message: "How did we do?", buttonText: "Rate" }, { message: "How did we do?", language: "pt_BR" }]) {
      const { op, diff } = await up(provider, state, { inboxId, ...change });
      expect([op, diff.deleteBeforeReplace]).toEqual(["replace", false]);
    }
    // What the engine then does: creates the new one (the server deletes the earlier template first), then deletes the old resource (nothing).
    const next = await create(provider, { inboxId, message: "How was it?" });
    await destroy(provider, state);
    expect(meta().map((t) => [t.body, t.status])).toEqual([["How was it?", "PENDING"]]);
    // The successor of a template takes the next version of the name (csat_template_name_service.rb).
    expect(next.outs).toMatchObject({ templateName: `${name()}_1`, status: "PENDING" });
  });

  it("adopt takes over the inbox's template without a submission when its survey settings hold the declared text; else submits it", async () => {
    await ctx.admin("PATCH", `/api/v1/accounts/${ctx.account.id}/inboxes/${inboxId}`, { csat_config: { message: "How did we do?", button_text: "Rate us" } });
    await ctx.admin("POST", path(), { template: { message: "How did we do?", button_text: "Rate us" } });
    ctx.sb.control.reviewCsatTemplates("APPROVED", inboxId);
    ctx.sb.control.clearLog();
    const state = await create(provider, { inboxId, message: "How did we do?", buttonText: "Rate us", adopt: true });
    expect(ctx.writes()).toEqual([]);
    expect(state.outs).toMatchObject({ adopted: true, status: "APPROVED", templateName: name(), message: "How did we do?" });
    // Other text than the settings' is submitted, and Meta reviews it again.
    const other = await create(provider, { inboxId, message: "How was it?", adopt: true });
    expect(writes()).toEqual([{ method: "POST", path: path(), body: { template: { message: "How was it?" } } }]);
    expect(other.outs).toMatchObject({ adopted: true, status: "PENDING" });
  });

  it("refresh reads Meta's review; the status is no input, so it is no change", async () => {
    const state = await create(provider, { inboxId, message: "How did we do?" });
    expect(ctx.sb.control.reviewCsatTemplates("APPROVED", inboxId)).toEqual([name()]);
    const read = await refresh(provider, state);
    expect(read?.outs).toMatchObject({ status: "APPROVED", message: "How did we do?" });
    if (!read) throw new Error("read as gone");
    expect((await up(provider, read, { inboxId, message: "How did we do?" })).op).toBe("same");
  });

  it("delete sends nothing and leaves the template (no route deletes one); a template Meta no longer has reads as gone", async () => {
    const state = await create(provider, { inboxId, message: "How did we do?" });
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.requests()).toEqual([]);
    expect(meta()).toHaveLength(1);
    // The inbox's config names another template, which Meta does not have.
    await ctx.admin("PATCH", `/api/v1/accounts/${ctx.account.id}/inboxes/${inboxId}`, { csat_config: { message: "x", template: { name: "gone_template" } } });
    expect(await refresh(provider, state)).toBeUndefined();
  });

  it("explains a 400 for an inbox of another channel, and what Meta refuses is the server's message", async () => {
    await expect(create(provider, { inboxId: 2, message: "How did we do?" })).rejects.toThrow(
      /POST \/api\/v1\/accounts\/1\/inboxes\/2\/csat_template: 400 CSAT template operations only available for WhatsApp and Twilio WhatsApp channels; inbox 2 is not a WhatsApp inbox/,
    );
    ctx.sb.control.inject({
      method: "POST",
      path: "/api/v1/accounts/:account/inboxes/:id/csat_template",
      kind: "status",
      status: 422,
      body: { error: "The template message contains invalid content. Please review your message and try again.", details: { code: 100, subcode: 2388092 } },
    });
    await expect(create(provider, { inboxId, message: "How did we do?" })).rejects.toThrow(/422 The template message contains invalid content/);
    expect(meta()).toEqual([]);
  });

  it("a member agent may submit it (the inbox's show policy); a deleted inbox reads as gone", async () => {
    await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/inbox_members`, { inbox_id: inboxId, user_ids: [2] });
    ctx.connect({ apiAccessToken: ctx.account.agentToken ?? "" });
    try {
      const state = await create(provider, { inboxId, message: "How did we do?" });
      expect(state.outs).toMatchObject({ status: "PENDING" });
      ctx.connect();
      await ctx.admin("DELETE", `/api/v1/accounts/${ctx.account.id}/inboxes/${inboxId}`);
      expect(await refresh(provider, state)).toBeUndefined();
    } finally {
      ctx.connect();
    }
  });
});
