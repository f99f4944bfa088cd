/** What is particular to `Webhook` (the shared lifecycle is in collection-resources.test.ts). */
import { resources } from "../../provider";
import { ChatwootApiError } from "../../provider/http/transport/errors";
import { create, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.Webhook;
const base = { url: "https://crm.example.test/events", subscriptions: ["conversation_created", "message_created"] };

describe.each(SHAPES)("Webhook (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const webhooks = () => `/api/v1/accounts/${ctx.account.id}/webhooks`;

  it("compares subscriptions as a set: another order or a repeat is no change", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const reordered = { ...base, subscriptions: ["message_created", "conversation_created", "message_created"] };
    expect((await up(provider, state, reordered)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("returns the server's signing secret as an output, and keeps it out of error texts", async () => {
    const state = await create(provider, base);
    const secret = state.outs.secret as string;
    expect(typeof secret).toBe("string");
    expect(ctx.sb.control.secrets()).toContain(secret);
    // Anything a server or proxy echoes back in an error is scrubbed of it from now on.
    const echoed = new ChatwootApiError({ kind: "http", method: "PATCH", path: webhooks(), status: 500, serverMessage: `failed for ${secret}`, writeOutcome: "unknown" });
    expect(echoed.message).not.toContain(secret);
    expect(echoed.message).toContain("[redacted]");
  });

  it("reads the inbox from the partial's inbox object, and detaches it with null", async () => {
    const state = await create(provider, { ...base, inboxId: 1 });
    expect(ctx.writes()[0].body).toMatchObject({ inbox_id: 1 });
    expect(state.outs.inboxId).toBe(1);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { ...base, inboxId: 1 })).op).toBe("same");
    const { state: detached } = await up(provider, state, { ...base, inboxId: null });
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { inbox_id: null } })]);
    expect(detached.outs.inboxId).toBeNull();
  });

  it("reads one webhook from the list, as upstream has no show route", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    expect((await refresh(provider, state))?.outs).toMatchObject(base);
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${webhooks()}`]);
  });

  it("moves to another URL in place, keeping its id and secret", async () => {
    const state = await create(provider, base);
    const { op, state: moved } = await up(provider, state, { ...base, url: "https://crm.example.test/v2/events" });
    expect(op).toBe("update");
    expect(moved.id).toBe(state.id);
    expect(moved.outs.secret).toBe(state.outs.secret);
  });
});
