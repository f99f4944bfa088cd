import { resources } from "../../provider";
import { check, create, destroy, refresh, up, type Props } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.AutomationRule;
const conditions = [
  { attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: "AND" },
  { attributeKey: "content", filterOperator: "contains", values: ["refund"] },
];
const actions = [
  { actionName: "assign_team", actionParams: [2] },
  { actionName: "add_label", actionParams: ["refund"] },
];
const base = { name: "Route refunds", eventName: "message_created", conditions, actions };

type Rule = { id: number; name: string; conditions: Props[]; actions: Props[]; created_on: number };

describe.each(SHAPES)("AutomationRule (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const path = (id?: string | number) => `/api/v1/accounts/${ctx.account.id}/automation_rules${id === undefined ? "" : `/${id}`}`;
  const stored = () => (ctx.sb.control.snapshot() as { automation_rules: Rule[] }).automation_rules;
  const writeLines = () => ctx.writes().map((w) => `${w.method} ${w.path}`);

  it("creates with one POST in snake_case and returns complete outputs", async () => {
    const before = Math.floor(Date.now() / 1000);
    const state = await create(provider, base);
    expect(writeLines()).toEqual([`POST ${path()}`]);
    expect(ctx.writes()[0].body).toEqual({
      name: "Route refunds",
      event_name: "message_created",
      conditions: [
        { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "AND" },
        { attribute_key: "content", filter_operator: "contains", values: ["refund"] },
      ],
      actions: [
        { action_name: "assign_team", action_params: [2] },
        { action_name: "add_label", action_params: ["refund"] },
      ],
    });
    expect(state.outs).toEqual({
      __inputs: state.inputs,
      accountId: ctx.account.id,
      name: "Route refunds",
      description: null,
      eventName: "message_created",
      active: true,
      conditions,
      actions,
      createdOn: expect.any(Number),
    });
    expect(state.outs.createdOn as number).toBeGreaterThanOrEqual(before);
    expect(stored().map((r) => String(r.id))).toEqual([state.id]);
  });

  it("sends [] for conditions and actions left out (a missing array is a 500 upstream)", async () => {
    const state = await create(provider, { name: "Tag everything", eventName: "conversation_created" });
    expect(ctx.writes()[0].body).toEqual({ name: "Tag everything", event_name: "conversation_created", conditions: [], actions: [] });
    expect(state.outs).toMatchObject({ conditions: [], actions: [] });
  });

  it("sends nothing on a second up, including for inputs that only differ in form", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, base)).op).toBe("same");
    const sameMeaning = {
      ...base,
      conditions: [{ ...conditions[0], queryOperator: "and" }, { ...conditions[1], queryOperator: null }],
      actions: [{ actionName: "assign_team", actionParams: ["2"] }, actions[1]],
    };
    expect((await up(provider, state, sameMeaning)).op).toBe("same");
    expect(ctx.requests()).toHaveLength(0);
  });

  it("updates a scalar with exactly one PATCH holding only that field", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { ...base, description: "Refund requests go to billing", active: false });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "PATCH", path: path(state.id), body: { description: "Refund requests go to billing", active: false } }),
    ]);
    expect(next.outs).toMatchObject({ description: "Refund requests go to billing", active: false, conditions, actions });
    expect(next.outs.createdOn).toBe(state.outs.createdOn);
  });

  it("sends a changed conditions array whole, and nothing else", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const changed = [conditions[0], { ...conditions[1], values: ["refund", "chargeback"] }];
    const { op, state: next } = await up(provider, state, { ...base, conditions: changed });
    expect(op).toBe("update");
    expect(ctx.writes()).toHaveLength(1);
    expect(ctx.writes()[0].body).toEqual({
      conditions: [
        { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "AND" },
        { attribute_key: "content", filter_operator: "contains", values: ["refund", "chargeback"] },
      ],
    });
    expect(next.outs.conditions).toEqual(changed);
    expect(stored()[0].actions).toEqual([
      { action_name: "assign_team", action_params: [2] },
      { action_name: "add_label", action_params: ["refund"] },
    ]);
  });

  it("passes extra condition keys and snake_case action parameters through without a later diff", async () => {
    await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/custom_attribute_definitions`, {
      attribute_key: "tier", attribute_model: "conversation_attribute", attribute_display_name: "Tier", attribute_display_type: "text",
    });
    const inputs = {
      ...base,
      conditions: [{ attributeKey: "tier", filterOperator: "equal_to", values: ["gold"], customAttributeType: "conversation_attribute" }],
      actions: [{ actionName: "send_email_to_team", actionParams: [{ message: "Gold customer", team_ids: [1] }] }],
    };
    const state = await create(provider, inputs);
    expect(stored()[0].conditions[0]).toEqual({ attribute_key: "tier", filter_operator: "equal_to", values: ["gold"], custom_attribute_type: "conversation_attribute" });
    expect(stored()[0].actions[0]).toEqual({ action_name: "send_email_to_team", action_params: [{ message: "Gold customer", team_ids: [1] }] });
    expect(state.outs.conditions).toEqual(inputs.conditions);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, inputs)).op).toBe("same");
    const refreshed = (await refresh(provider, state))!;
    expect((await up(provider, refreshed, inputs)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("leaves vocabulary to the server: check passes unknown names, the server's refusal is reported", async () => {
    const inputs = { ...base, conditions: [{ attributeKey: "sla_breached", filterOperator: "is_present", values: [] }] };
    await expect(check(provider, inputs)).resolves.toMatchObject({ conditions: inputs.conditions });
    await expect(create(provider, inputs)).rejects.toThrow(/POST .*automation_rules: 422 .*sla_breached/);
    expect(stored()).toHaveLength(0);
  });

  it("sees drift made out of band and repairs it with one PATCH", async () => {
    const state = await create(provider, base);
    const outOfBand = [{ attribute_key: "status", filter_operator: "equal_to", values: ["pending"], query_operator: null }];
    await ctx.admin("PATCH", path(state.id), { name: "Renamed", active: false, conditions: outOfBand });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({
      name: "Renamed",
      active: false,
      conditions: [{ attributeKey: "status", filterOperator: "equal_to", values: ["pending"], queryOperator: null }],
      actions,
    });
    ctx.sb.control.clearLog();
    const { op, state: repaired } = await up(provider, refreshed, base);
    expect(op).toBe("update");
    expect(ctx.writes()).toHaveLength(1);
    expect(ctx.writes()[0].body).toEqual({
      name: "Route refunds",
      conditions: [
        { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "AND" },
        { attribute_key: "content", filter_operator: "contains", values: ["refund"] },
      ],
    });
    // `active` is not in the program, so it is not managed: the out-of-band value stays.
    expect(repaired.outs).toMatchObject({ name: "Route refunds", conditions, active: false });
  });

  it("reports a rule deleted out of band as gone after confirming the 500 by listing", async () => {
    const state = await create(provider, base);
    await ctx.admin("DELETE", path(state.id));
    ctx.sb.control.clearLog();
    expect(await refresh(provider, state)).toBeUndefined();
    expect(ctx.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([`GET ${path(state.id)} 500`, `GET ${path()} 200`]);
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("names the missing rule when an update finds it deleted", async () => {
    const state = await create(provider, base);
    await ctx.admin("DELETE", path(state.id));
    await expect(up(provider, state, { ...base, name: "Other" })).rejects.toThrow(
      new RegExp(`PATCH ${path(state.id)}: the automation rule is gone .*pulumi refresh`),
    );
  });

  it("never reports a live rule as gone when its GET fails with a 500", async () => {
    const state = await create(provider, base);
    ctx.sb.control.inject({ method: "GET", path: path(state.id), kind: "status", status: 500 });
    const refreshed = await refresh(provider, state);
    expect(refreshed?.outs).toMatchObject({ name: "Route refunds", conditions, actions });
  });

  it("deletes with one DELETE", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(writeLines()).toEqual([`DELETE ${path(state.id)}`]);
    expect(stored()).toHaveLength(0);
  });

  it("fails a delete that the server refused, leaving the rule", async () => {
    const state = await create(provider, base);
    ctx.sb.control.inject({ method: "DELETE", path: path(state.id), kind: "status", status: 500 });
    await expect(destroy(provider, state)).rejects.toThrow(`DELETE ${path(state.id)}: 500`);
    expect(stored()).toHaveLength(1);
  });

  it("adopts an existing rule by id, changing only what differs", async () => {
    const existing = await ctx.admin("POST", path(), {
      name: "Old name", event_name: "message_created", description: "kept",
      conditions: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "and" }, { attribute_key: "content", filter_operator: "contains", values: ["refund"] }],
      actions: [{ action_name: "add_label", action_params: ["refund"] }],
    });
    const id = (existing.body as { id: number }).id;
    ctx.sb.control.clearLog();
    const state = await create(provider, { ...base, adoptId: id });
    expect(state.id).toBe(String(id));
    expect(ctx.writes()).toEqual([
      expect.objectContaining({
        method: "PATCH",
        path: path(id),
        body: { name: "Route refunds", actions: [{ action_name: "assign_team", action_params: [2] }, { action_name: "add_label", action_params: ["refund"] }] },
      }),
    ]);
    expect(state.outs).toMatchObject({ name: "Route refunds", description: "kept", actions, createdOn: expect.any(Number) });
    expect(stored()).toHaveLength(1);
    // Adopting a rule that is already as declared writes nothing.
    ctx.sb.control.clearLog();
    await create(provider, { ...base, adoptId: id });
    expect(ctx.writes()).toHaveLength(0);
  });

  it("refuses to adopt a rule that does not exist, before any write", async () => {
    await expect(create(provider, { ...base, adoptId: 999 })).rejects.toThrow(`adoptId 999: account ${ctx.account.id} has no automation rule 999`);
    expect(ctx.writes()).toHaveLength(0);
  });

  it("replaces when the account changes, updates in place otherwise", async () => {
    const state = await create(provider, base);
    const moved = await up(provider, state, { ...base, accountId: 2 });
    expect(moved.op).toBe("replace");
    expect(moved.diff.replaces).toEqual(["accountId"]);
    expect(moved.diff.deleteBeforeReplace).toBe(false);
    expect((await up(provider, state, { ...base, eventName: "conversation_opened" })).op).toBe("update");
  });

  it("recovers a POST whose answer was lost, taking only the rule it made", async () => {
    // An identical rule made earlier must not be taken for the one this create made.
    const twin = await ctx.admin("POST", path(), {
      name: base.name,
      event_name: base.eventName,
      conditions: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "and" }, { attribute_key: "content", filter_operator: "contains", values: ["refund"] }],
      actions: [{ action_name: "assign_team", action_params: ["2"] }, { action_name: "add_label", action_params: ["refund"] }],
    });
    const older = (await create(provider, base)).id;
    ctx.sb.control.inject({ method: "POST", path: path(), kind: "lost-response" });
    ctx.sb.control.clearLog();
    const state = await create(provider, base);
    expect(writeLines()).toEqual([`POST ${path()}`]);
    expect(Number(state.id)).toBeGreaterThan(Number(older));
    expect(stored().map((r) => String(r.id))).toEqual([String((twin.body as { id: number }).id), older, state.id]);
    expect(state.outs).toMatchObject({ name: base.name, conditions, actions });
  });

  it("fails with the administrator hint for an agent's token, without the token in the message", async () => {
    const agentToken = ctx.account.agentToken!;
    ctx.connect({ apiAccessToken: agentToken });
    try {
      const err = (await create(provider, base).catch((e: unknown) => e)) as Error;
      // The rules are listed before the POST (see createOnce): that listing is refused first.
      expect(err.message).toMatch(/GET .*automation_rules: 401 .*administrator/);
      expect(err.message).not.toContain(agentToken);
      expect(err.message).not.toContain(ctx.account.adminToken);
    } finally {
      ctx.connect();
    }
    expect(stored()).toHaveLength(0);
  });
});
