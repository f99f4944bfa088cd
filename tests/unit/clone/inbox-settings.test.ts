/**
 * An inbox's settings that refer to other objects, exported and compared as references: a CSAT
 * rule's labels, a pre-chat field's custom attribute, the help center's portal (declared after the
 * inbox, so linked by a second resource once both exist); a widget's allowed domains and an API
 * channel's additional attributes as they are.
 */
import { compareModels } from "../../../sdk/clone/compare";
import { buildModel } from "../../../sdk/clone/model";
import { programText } from "../../../sdk/clone/program";
import { RESOURCE_TYPES, type TypeName } from "../../../sdk/clone/resource-types";
import { snapshotOf, widgetInbox, type RawAccount } from "./support/snapshot";

const DEFAULT_FORM = {
  pre_chat_message: "Share your queries or comments here.",
  pre_chat_fields: [
    { field_type: "standard", label: "Email Id", name: "emailAddress", type: "email", required: true, enabled: false },
    { field_type: "standard", label: "Full name", name: "fullName", type: "text", required: false, enabled: false },
    { field_type: "standard", label: "Phone number", name: "phoneNumber", type: "text", required: false, enabled: false },
  ],
};

/** An account whose website inbox refers to a label, an attribute and a portal; `offset` shifts every id, `slug` names the portal. */
function account(offset = 0, slug = "help", change: (raw: RawAccount & { inboxes: Record<string, unknown>[] }) => void = () => {}): RawAccount {
  const id = (n: number) => n + offset;
  const raw = {
    labels: [{ id: id(1), title: "vip" }, { id: id(2), title: "spam" }],
    attributes: [{ id: id(3), attribute_key: "plan", attribute_model: "contact_attribute", attribute_display_name: "Plan", attribute_display_type: "list", attribute_values: ["free", "pro"] }],
    portals: [{ id: id(4), slug, name: "Help" }],
    inboxes: [
      widgetInbox(id(5), "Website", {
        allowed_domains: "acme.test, *.acme.test",
        help_center: { name: "Help", slug },
        csat_config: { display_type: "star", message: "", button_text: "Rate us", language: "en", survey_rules: { operator: "contains", values: ["vip", "retired"] }, template: { name: "csat", template_id: "9" } },
        pre_chat_form_options: {
          pre_chat_message: "Before we start",
          pre_chat_fields: [
            { field_type: "standard", name: "emailAddress", label: "E-mail", type: "email", required: true, enabled: true },
            { field_type: "contact_attribute", name: "plan", label: "Plan", type: "list", values: ["free", "pro"], enabled: true },
          ],
        },
      }),
      { id: id(6), name: "Backend", channel_type: "Channel::Api", webhook_url: null, additional_attributes: { region: "eu" }, csat_config: {} },
      widgetInbox(id(7), "Plain", { pre_chat_form_options: DEFAULT_FORM, allowed_domains: "" }),
    ],
  };
  change(raw);
  return raw;
}

const program = (raw: RawAccount = account()) => programText(buildModel(snapshotOf(raw)));

test("a CSAT rule's labels, a pre-chat field's attribute and the help center are references, never ids or copies", () => {
  const text = program();
  expect(text).toMatch(/csatConfig: \{\n\s+displayType: "star",\n\s+buttonText: "Rate us",\n\s+language: "en",\n\s+surveyRules: \{ operator: "contains", values: \[labelVip\.title, "retired"\] \},/);
  expect(text).toContain("name: attributePlanContact.attributeKey");
  expect(text).toContain('allowedDomains: ["acme.test", "*.acme.test"]');
  expect(text).toContain('additionalAttributes: { region: "eu" }');
  // The WhatsApp template is Chatwoot's own (made through its template endpoints): not declared.
  expect(text).not.toContain("template");
  expect(text).not.toMatch(/portalId: \d/);
});

test("what is Chatwoot's default is not declared: the default pre-chat form, an empty CSAT config, no allowed domains", () => {
  const plain = /const inboxPlain = new chatwoot\.Inbox\([^;]*\);/s.exec(program())?.[0] ?? "";
  expect(plain).not.toMatch(/preChatFormOptions|csatConfig|allowedDomains/);
  const backend = /const inboxBackend = new chatwoot\.Inbox\([^;]*\);/s.exec(program())?.[0] ?? "";
  expect(backend).not.toContain("csatConfig");
});

test("the help center, declared after the inbox, is linked by a second resource that adopts the inbox once both exist", () => {
  const text = program();
  const lines = text.split("\n");
  const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
  const inbox = at(/^const inboxWebsite = /);
  const portal = at(/^const portalHelp = /);
  const link = at(/^const inboxWebsiteLinks = new chatwoot\.Inbox\("inbox-website-links", \{$/);
  expect(text).toMatch(/"inbox-website-links", \{\n {2}adoptId: idOf\(inboxWebsite\),\n {2}portalId: idOf\(portalHelp\),\n\}\);/);
  expect(inbox).toBeGreaterThan(-1);
  expect([inbox < portal, portal < link]).toEqual([true, true]);
  // Every object's constant is still declared before it is used.
  for (const { identifier } of buildModel(snapshotOf(account())).objects) {
    const where = at(new RegExp(`^const ${identifier} =`));
    lines.forEach((line, i) => {
      if (new RegExp(`\\b${identifier}\\b`).test(line)) expect(where).toBeLessThanOrEqual(i);
    });
  }
});

test("without portals in the export the help center is a comment and a warning, never an id", () => {
  const types = RESOURCE_TYPES.map((t) => t.sdkClass).filter((t) => t !== "Portal") as TypeName[];
  const model = buildModel(snapshotOf({ ...account(), types }));
  expect(programText(model)).toMatch(/portalId: undefined, \/\/ portal "help": portals are not part of this export/);
  expect(model.warnings).toContainEqual(expect.stringMatching(/^inbox "Website": portal "help": portals are not part of this export/));
});

test("diff compares the settings by what they refer to: equal under other ids and a suffixed portal slug, a changed label reported", () => {
  const source = buildModel(snapshotOf(account()));
  expect(compareModels(source, buildModel(snapshotOf(account(100, "help-globex"))), { portalSuffix: "globex" })).toEqual([]);
  const relabelled = account(100, "help", (raw) => {
    const csat = (raw.inboxes[0] as { csat_config: { survey_rules: { values: string[] } } }).csat_config;
    csat.survey_rules.values = ["spam", "retired"];
  });
  expect(compareModels(source, buildModel(snapshotOf(relabelled)))).toEqual([
    {
      type: "Inbox",
      key: "Website",
      kind: "changed",
      changes: [
        {
          property: "csatConfig",
          source: expect.objectContaining({ surveyRules: { operator: "contains", values: ['label "vip"', "retired"] } }),
          target: expect.objectContaining({ surveyRules: { operator: "contains", values: ['label "spam"', "retired"] } }),
        },
      ],
    },
  ]);
  const unlinked = account(100, "help", (raw) => {
    delete (raw.inboxes[0] as { help_center?: unknown }).help_center;
  });
  expect(compareModels(source, buildModel(snapshotOf(unlinked))).flatMap((d) => d.changes.map((c) => [c.property, c.source, c.target]))).toEqual([["portalId", 'portal "help"', null]]);
});
