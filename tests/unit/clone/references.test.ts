/**
 * The reference map: ids, titles and keys become the objects they stand for; what cannot be mapped
 * stays as it was, with a reason, never a silent wrong id.
 */
import { resources } from "../../../provider";
import { actionInputs, conditionInputs, customRoleOfAgent } from "../../../sdk/clone/inputs";
import { AgentRef, naturalKeys, Ref, ReferenceMap, Unmapped } from "../../../sdk/clone/references";
import { snapshotOf, widgetInbox, type RawAccount } from "./support/snapshot";

const ACCOUNT: RawAccount = {
  attributes: [
    { id: 1, attribute_key: "plan", attribute_model: "contact_attribute", attribute_display_name: "Plan", attribute_display_type: "text" },
    { id: 2, attribute_key: "plan", attribute_model: "conversation_attribute", attribute_display_name: "Plan", attribute_display_type: "text" },
    { id: 3, attribute_key: "order", attribute_model: "conversation_attribute", attribute_display_name: "Order", attribute_display_type: "text" },
  ],
  labels: [{ id: 5, title: "vip" }],
  teams: [{ id: 7, name: "Billing" }, { id: 8, name: "sales" }],
  inboxes: [widgetInbox(30, "Support"), widgetInbox(21, "Support"), widgetInbox(40, "Sales")],
  slaPolicies: [{ id: 4, name: "Gold", first_response_time_threshold: 900 }],
  customRoles: [{ id: 6, name: "Billing desk", permissions: ["report_manage"] }],
};

const refs = () => new ReferenceMap(snapshotOf(ACCOUNT));

describe("natural keys", () => {
  test("repeated names are told apart in the order of their ids (the order they were made in)", () => {
    const keys = naturalKeys(snapshotOf(ACCOUNT)).get("Inbox");
    expect(keys?.get(21)).toBe("Support");
    expect(keys?.get(30)).toBe("Support #2");
    expect(keys?.get(40)).toBe("Sales");
  });

  test("team names and label titles are keyed in lower case, as Chatwoot stores them", () => {
    expect(naturalKeys(snapshotOf(ACCOUNT)).get("Team")?.get(7)).toBe("billing");
  });

  test("a membership is keyed by its inbox or team", () => {
    const keys = naturalKeys(snapshotOf(ACCOUNT));
    expect(keys.get("InboxMembership")?.get(30)).toBe(keys.get("Inbox")?.get(30));
    expect(keys.get("TeamMembership")?.get(7)).toBe("billing");
  });
});

describe("ReferenceMap", () => {
  test("an id, as a number or a digit string, becomes a reference to the object's id", () => {
    expect(refs().team(7)).toEqual(new Ref("Team", "billing", "id"));
    expect(refs().inbox("30")).toEqual(new Ref("Inbox", "Support #2", "id"));
  });

  test.each([
    ["an id the account does not have", 99, /team 99 is not a team of account 1/],
    ["something that is no id", "nil", /"nil" is not a team id/],
  ])("%s is unmapped, kept as it was, with the reason", (_, value, reason) => {
    const ref = refs().team(value);
    expect(ref).toBeInstanceOf(Unmapped);
    expect((ref as Unmapped).value).toBe(value);
    expect((ref as Unmapped).reason).toMatch(reason);
  });

  test("an id of a kind the export leaves out is unmapped, and says so", () => {
    const map = new ReferenceMap(snapshotOf({ ...ACCOUNT, types: ["Inbox", "Label"] }));
    expect((map.team(7) as Unmapped).reason).toMatch(/teams are not part of this export/);
    expect((map.bot(3) as Unmapped).reason).toMatch(/agent bots are not part of this export$/);
  });

  test("a user becomes their exported agent, by e-mail address; without one, or not in the account, unmapped", () => {
    expect(refs().agent(11)).toEqual(new Ref("Agent", "bob@acme.test", "id"));
    expect(refs().agent("12")).toEqual(new Ref("Agent", "carol@acme.test", "id"));
    expect((refs().agent(13) as Unmapped).reason).toMatch(/user 13 has no e-mail address/);
    expect((refs().agent(14) as Unmapped).reason).toMatch(/user 14 is not a user of account 1/);
  });

  test("where agents are not exported, a user is the person the program finds by e-mail address", () => {
    const map = new ReferenceMap(snapshotOf({ ...ACCOUNT, types: ["Team", "TeamMembership"] }));
    expect(map.agent(11)).toEqual(new AgentRef("bob@acme.test"));
  });

  test("a label title, in any case, refers to the label's title; an unknown title stays text", () => {
    expect(refs().label("VIP")).toEqual(new Ref("Label", "vip", "title"));
    expect(refs().label("unknown")).toBe("unknown");
  });

  test("a custom attribute key refers to its definition; a key two models share needs the model", () => {
    expect(refs().attribute("order")).toEqual(new Ref("CustomAttributeDefinition", "order (conversation)", "attributeKey"));
    expect(refs().attribute("plan")).toBeUndefined();
    expect(refs().attribute("plan", "contact_attribute")).toEqual(new Ref("CustomAttributeDefinition", "plan (contact)", "attributeKey"));
    expect(refs().attribute("status")).toBeUndefined();
  });
});

describe("conditions and actions", () => {
  test("condition values that are inbox, team, user ids or label titles become references; custom attribute keys too", () => {
    const conditions = conditionInputs(refs(), [
      { attribute_key: "inbox_id", filter_operator: "equal_to", values: [40, "21"], query_operator: "AND" },
      { attribute_key: "team_id", filter_operator: "equal_to", values: [8], query_operator: "AND" },
      { attribute_key: "assignee_id", filter_operator: "equal_to", values: [11], query_operator: "AND" },
      { attribute_key: "labels", filter_operator: "equal_to", values: ["vip"], query_operator: "AND" },
      { attribute_key: "plan", filter_operator: "equal_to", values: ["gold"], custom_attribute_type: "contact_attribute", query_operator: "AND" },
      { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: null },
    ]);
    expect(conditions.map((c) => c.values)).toEqual([
      [new Ref("Inbox", "Sales", "id"), new Ref("Inbox", "Support", "id")],
      [new Ref("Team", "sales", "id")],
      [new Ref("Agent", "bob@acme.test", "id")],
      [new Ref("Label", "vip", "title")],
      ["gold"],
      ["open"],
    ]);
    expect(conditions[4]).toMatchObject({ attributeKey: new Ref("CustomAttributeDefinition", "plan (contact)", "attributeKey"), customAttributeType: "contact_attribute" });
    expect(conditions[5]).toMatchObject({ attributeKey: "status", filterOperator: "equal_to", queryOperator: null });
  });

  test("action parameters that are ids or titles become references, inside an e-mail payload too; others stay", () => {
    const actions = actionInputs(refs(), [
      { action_name: "assign_team", action_params: [7] },
      { action_name: "assign_agent", action_params: [12] },
      { action_name: "add_label", action_params: ["vip", "new"] },
      { action_name: "send_email_to_team", action_params: [{ team_ids: [7, 99], message: "Hi" }] },
      { action_name: "send_message", action_params: ["7"] },
      { action_name: "resolve_conversation" },
    ]);
    expect(actions[0]?.actionParams).toEqual([new Ref("Team", "billing", "id")]);
    expect(actions[1]?.actionParams).toEqual([new Ref("Agent", "carol@acme.test", "id")]);
    expect(actions[2]?.actionParams).toEqual([new Ref("Label", "vip", "title"), "new"]);
    const payload = (actions[3]?.actionParams as { teamIds: unknown[]; message: string }[])[0];
    expect(payload?.teamIds[0]).toEqual(new Ref("Team", "billing", "id"));
    expect(payload?.teamIds[1]).toBeInstanceOf(Unmapped);
    expect(payload?.message).toBe("Hi");
    expect(actions[4]?.actionParams).toEqual(["7"]);
    expect(actions[5]).toEqual({ actionName: "resolve_conversation" });
  });

  test("add_sla (of rules and macros alike) and the sla_policy_id condition name the SLA policy", () => {
    const [sla, unknown] = actionInputs(refs(), [
      { action_name: "add_sla", action_params: [4] },
      { action_name: "add_sla", action_params: ["99"] },
    ]);
    expect(sla?.actionParams).toEqual([new Ref("SlaPolicy", "Gold", "id")]);
    expect((unknown?.actionParams as Unmapped[])[0]?.reason).toBe("SLA policy 99 is not an SLA policy of account 1");
    const [condition] = conditionInputs(refs(), [{ attribute_key: "sla_policy_id", filter_operator: "equal_to", values: ["4"], query_operator: null }]);
    expect(condition?.values).toEqual([new Ref("SlaPolicy", "Gold", "id")]);
  });

  test("without SLA policies in the export (--exclude, or a server without them), add_sla keeps its id, saying why", () => {
    const withoutSla = new ReferenceMap(snapshotOf({ ...ACCOUNT, types: ["Label", "Team", "Inbox", "AutomationRule", "Macro"] }));
    const [sla] = actionInputs(withoutSla, [{ action_name: "add_sla", action_params: [4] }]);
    expect(sla?.actionParams).toEqual([new Unmapped(4, "SLA policy 4: SLA policies are not part of this export")]);
  });

  test("ids of attachments, which an export never covers, are unmapped", () => {
    const [attachment] = actionInputs(refs(), [{ action_name: "send_attachment", action_params: [9] }]);
    expect((attachment?.actionParams as unknown[])[0]).toBeInstanceOf(Unmapped);
  });

  test("keys a server keeps in a condition or action but no resource declares are left out, each named in a note; the rest pass check", async () => {
    const notes: string[] = [];
    const conditions = conditionInputs(refs(), [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: null, ui_hint: "kept" }], notes);
    const actions = actionInputs(refs(), [{ action_name: "resolve_conversation" }, { action_name: "add_label", action_params: ["new"], actionParam: ["vip"] }], notes);
    expect(conditions).toEqual([{ attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: null }]);
    expect(actions).toEqual([{ actionName: "resolve_conversation" }, { actionName: "add_label", actionParams: ["new"] }]);
    expect(notes).toEqual([
      'condition 1 holds "uiHint", which the resource does not declare (attributeKey, filterOperator, values, queryOperator, customAttributeType): left out',
      'action 2 holds "actionParam", which the resource does not declare (actionName, actionParams): left out',
    ]);
    const checked = await resources.AutomationRule.check!({}, { accountId: 1, name: "r", eventName: "conversation_created", conditions, actions });
    expect(checked.failures).toEqual([]);
  });

  test("an agent's custom role becomes the role's reference; none declares nothing; an unknown one is not declared, saying why", () => {
    expect(customRoleOfAgent(refs(), 6)).toEqual({ customRoleId: new Ref("CustomRole", "Billing desk", "id") });
    expect(customRoleOfAgent(refs(), null)).toEqual({});
    expect(customRoleOfAgent(refs(), 77)).toEqual({ customRoleId: new Unmapped(undefined, "custom role 77 is not a custom role of account 1") });
  });
});
