/** Comparing two accounts: by kind and natural key, references by what they name, values as the diff layer compares them. */
import { compareModels, describeDifferences, onlyExtra, type Difference } from "../../../sdk/clone/compare";
import { buildModel } from "../../../sdk/clone/model";
import { snapshotOf, widgetInbox, type RawAccount } from "./support/snapshot";

/** An account whose objects refer to each other; `offset` shifts every id, as in another account. */
function account(offset: number, change: (raw: Required<Pick<RawAccount, "labels" | "teams" | "inboxes" | "rules" | "webhooks" | "portals">>) => void = () => {}) {
  const id = (n: number) => n + offset;
  const raw = {
    labels: [{ id: id(1), title: "vip", color: "#D97706" }],
    teams: [{ id: id(2), name: "billing", members: [11, 12] }],
    inboxes: [widgetInbox(id(3), "Website", { members: [11] })],
    rules: [
      {
        id: id(4),
        name: "Gold",
        event_name: "conversation_created",
        conditions: [{ attribute_key: "inbox_id", filter_operator: "equal_to", values: [id(3)], query_operator: null }],
        actions: [
          { action_name: "assign_team", action_params: [id(2)] },
          { action_name: "add_label", action_params: ["vip"] },
        ],
      },
    ],
    webhooks: [{ id: id(5), url: "https://hooks.acme.test/a", subscriptions: ["message_created", "contact_created"], inbox_id: id(3) }],
    portals: [{ id: id(6), slug: "help", name: "Help", custom_domain: "help.acme.test", config: { allowed_locales: ["en"] } }],
  };
  change(raw);
  return buildModel(snapshotOf(raw));
}

const kinds = (diffs: Difference[]) => diffs.map((d) => `${d.kind} ${d.type} ${d.key}`);

test("the same configuration under other ids is equal: references compare by what they name", () => {
  expect(compareModels(account(0), account(100))).toEqual([]);
});

test("what the diff layer treats as equal is equal: colour case, a set's order", () => {
  const other = account(100, (raw) => {
    raw.labels[0]!.color = "#d97706";
    raw.webhooks[0]!.subscriptions = ["contact_created", "message_created"];
  });
  expect(compareModels(account(0), other)).toEqual([]);
});

test("a changed property is reported with both values", () => {
  const other = account(100, (raw) => {
    raw.labels[0]!.color = "#000000";
  });
  const diffs = compareModels(account(0), other);
  expect(diffs).toEqual([{ type: "Label", key: "vip", kind: "changed", changes: [{ property: "color", source: "#D97706", target: "#000000" }] }]);
  expect(describeDifferences(diffs, "account 1", "account 2")).toEqual([
    'label "vip": differs',
    '    color: "#D97706" in account 1, "#000000" in account 2',
  ]);
});

test("a reference to another object is a change, named by what it refers to", () => {
  const other = account(100, (raw) => {
    raw.teams.push({ id: 150, name: "sales" });
    raw.rules[0]!.actions = [{ action_name: "assign_team", action_params: [150] }, { action_name: "add_label", action_params: ["vip"] }];
  });
  const [diff] = compareModels(account(0), other).filter((d) => d.type === "AutomationRule");
  expect(diff?.changes.map((c) => c.property)).toEqual(["actions"]);
  expect(JSON.stringify(diff?.changes[0]?.target)).toContain('team \\"sales\\"');
});

test("a member who differs is a change of the membership (users compare by e-mail address)", () => {
  const other = account(100, (raw) => {
    raw.teams[0]!.members = [12];
  });
  expect(kinds(compareModels(account(0), other))).toEqual(["changed TeamMembership billing"]);
});

test("a membership whose copy holds every member and more differs only by holding more, which is said; fewer members is a plain change", () => {
  const bobOnly = account(0, (raw) => (raw.teams[0]!.members = [11]));
  const more = compareModels(bobOnly, account(100));
  expect(more).toEqual([
    {
      type: "TeamMembership",
      key: "billing",
      kind: "changed",
      changes: [{ property: "userIds", source: ['agent "bob@acme.test"'], target: ['agent "bob@acme.test"', 'agent "carol@acme.test"'], onlyInTarget: ['agent "carol@acme.test"'] }],
    },
  ]);
  expect(more.map(onlyExtra)).toEqual([true]);
  expect(describeDifferences(more, "account 1", "account 2")).toEqual([
    'team membership "billing": differs',
    '    userIds: ["agent \\"bob@acme.test\\""] in account 1, ["agent \\"bob@acme.test\\"","agent \\"carol@acme.test\\""] in account 2 (account 2 has more: agent "carol@acme.test")',
  ]);
  const fewer = compareModels(account(0), account(100, (raw) => (raw.teams[0]!.members = [12])));
  expect(fewer.map(onlyExtra)).toEqual([false]);
  expect(fewer[0]?.changes[0]?.onlyInTarget).toBeUndefined();
  // Another member in place of one: not only more.
  expect(compareModels(bobOnly, account(100, (raw) => (raw.teams[0]!.members = [12]))).map(onlyExtra)).toEqual([false]);
});

test("what only the copy has counts as extra only: missing objects and changed values do not", () => {
  const other = account(100, (raw) => {
    raw.labels.push({ id: 160, title: "spam" });
    raw.webhooks.length = 0;
    raw.portals[0]!.name = "Other";
  });
  const diffs = compareModels(account(0), other);
  expect(diffs.map((d) => [`${d.kind} ${d.key}`, onlyExtra(d)])).toEqual([
    ["extra spam", true],
    ["changed help", false],
    ["missing https://hooks.acme.test/a", false],
  ]);
});

test("objects only one account has are missing or extra; the others are compared as usual", () => {
  const other = account(100, (raw) => {
    raw.labels.push({ id: 160, title: "spam" });
    raw.webhooks.length = 0;
  });
  expect(kinds(compareModels(account(0), other))).toEqual(["extra Label spam", "missing Webhook https://hooks.acme.test/a"]);
});

test("adoption switches are not configuration: the same objects with other ids adopt differently, and compare equal", () => {
  const [a, b] = [account(0), account(100)];
  expect(a.objects.find((o) => o.type === "AutomationRule")?.inputs.adoptId).not.toEqual(b.objects.find((o) => o.type === "AutomationRule")?.inputs.adoptId);
  expect(compareModels(a, b)).toEqual([]);
});

test("a copy made with a portal suffix matches by the slug without it, and leaves custom domains out", () => {
  const copy = account(100, (raw) => {
    raw.portals[0]!.slug = "help-staging";
    raw.portals[0]!.custom_domain = null;
  });
  expect(kinds(compareModels(account(0), copy))).toEqual(["missing Portal help", "extra Portal help-staging"]);
  expect(compareModels(account(0), copy, { portalSuffix: "staging" })).toEqual([]);
  const renamed = account(100, (raw) => {
    raw.portals[0]!.slug = "help-staging";
    raw.portals[0]!.name = "Other";
  });
  expect(kinds(compareModels(account(0), renamed, { portalSuffix: "staging" }))).toEqual(["changed Portal help"]);
});

test("agents compare by e-mail address and role; one only the copy has (its administrator, say) is reported as extra", () => {
  const people = (...extra: Record<string, unknown>[]) => [
    { id: 11, name: "Bob", email: "bob@acme.test", role: "agent", auto_offline: true },
    { id: 12, name: "Carol", email: "carol@acme.test", role: "agent", auto_offline: true },
    ...extra,
  ];
  const source = buildModel(snapshotOf({ agents: people() }));
  // Other user ids in the copy: the same people by address.
  const same = buildModel(snapshotOf({ agents: people().map((a) => ({ ...a, id: (a.id as number) + 100, email: (a.email as string).toUpperCase() })) }));
  expect(compareModels(source, same)).toEqual([]);
  const promoted = people();
  promoted[1] = { ...promoted[1], role: "administrator" };
  const target = buildModel(snapshotOf({ agents: [...promoted, { id: 5, name: "Erin", email: "erin@globex.test", role: "administrator", auto_offline: true }] }));
  expect(compareModels(source, target)).toEqual([
    { type: "Agent", key: "carol@acme.test", kind: "changed", changes: [{ property: "role", source: "agent", target: "administrator" }] },
    { type: "Agent", key: "erin@globex.test", kind: "extra", changes: [] },
  ]);
});

test("account settings compare, all but the account's name (a copy keeps its own)", () => {
  const settings = (name: string, after: number) => ({ id: 1, name, locale: "en", settings: { auto_resolve_after: after } });
  const source = buildModel(snapshotOf({ account: settings("Acme", 1440) }));
  expect(compareModels(source, buildModel(snapshotOf({ account: { ...settings("Globex", 1440), id: 2 } })))).toEqual([]);
  expect(compareModels(source, buildModel(snapshotOf({ account: settings("Acme", 60) })))).toEqual([
    { type: "AccountSettings", key: "account", kind: "changed", changes: [{ property: "autoResolveAfter", source: 1440, target: 60 }] },
  ]);
});

test("a rule's add_sla compares by the SLA policy it names; a custom role's permissions as a set", () => {
  const withSla = (offset: number, policy: string, permissions: string[]) =>
    buildModel(
      snapshotOf({
        slaPolicies: [
          { id: 1 + offset, name: "Gold", first_response_time_threshold: 900 },
          { id: 2 + offset, name: "Silver", first_response_time_threshold: 3600 },
        ],
        customRoles: [{ id: 3 + offset, name: "Desk", permissions }],
        rules: [{ id: 4 + offset, name: "VIP", event_name: "conversation_created", conditions: [], actions: [{ action_name: "add_sla", action_params: [policy === "Gold" ? 1 + offset : 2 + offset] }] }],
      }),
    );
  expect(compareModels(withSla(0, "Gold", ["report_manage", "contact_manage"]), withSla(100, "Gold", ["contact_manage", "report_manage"]))).toEqual([]);
  const [diff] = compareModels(withSla(0, "Gold", ["report_manage"]), withSla(100, "Silver", ["report_manage"]));
  expect(kinds([diff as Difference])).toEqual(["changed AutomationRule VIP"]);
  expect(JSON.stringify(diff?.changes[0])).toContain('SLA policy \\"Silver\\"');
});
