/**
 * A natural key the account already has is found by the check of a new resource, before any
 * create: `pulumi preview` (which runs no create) fails where `pulumi up` would, in the create's own
 * words, with no write; through both front doors. The check looks at the run's listing of the
 * collection, one GET per collection however many resources the run creates in it (the creates
 * then share it), and only for a resource the engine has no state of, whose key is known.
 */
import { UNKNOWN } from "../../provider/diff/diff";
import type { ResourceKind } from "../../provider";
import { FRONT_DOORS, throughFrontDoor } from "./support/front-doors";
import type { Props } from "./support/engine";
import { useSandbox } from "./support/sandbox";

type Ctx = ReturnType<typeof useSandbox>;

interface KeyCase {
  kind: ResourceKind;
  /** Inputs of a new resource. */
  inputs: Props;
  /** The collection below the account, as requests name it. */
  path: string;
  /** Makes, out of band, the object holding the inputs' key; resolves to its id. */
  holder(ctx: Ctx): Promise<number>;
  /** The create's words for that key. */
  refusal: RegExp;
  /** The inputs with the key not known yet (a preview's unknown value). */
  unknownKey: Props;
}

const idOf = (answer: { status: number; body: unknown }) => {
  expect(answer.status).toBe(200);
  const body = answer.body as { id?: number; payload?: { id: number } };
  return body.id ?? (body.payload?.id as number);
};

const CASES: KeyCase[] = [
  {
    kind: "Label",
    inputs: { title: "escalated", color: "#FF0000" },
    path: "labels",
    holder: async (ctx) => idOf(await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/labels`, { title: "escalated" })),
    refusal: /^POST \/api\/v1\/accounts\/1\/labels not sent: label (\d+) already has title "escalated"; set adopt: true to manage it$/,
    unknownKey: { title: UNKNOWN, color: "#FF0000" },
  },
  {
    kind: "Team",
    inputs: { name: "billing" },
    path: "teams",
    holder: async (ctx) => idOf(await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/teams`, { name: "billing" })),
    refusal: /^POST \/api\/v1\/accounts\/1\/teams not sent: team (\d+) already has name "billing"; set adopt: true to manage it$/,
    unknownKey: { name: UNKNOWN },
  },
  {
    // A key with a query: the listing is of one attribute model.
    kind: "CustomAttributeDefinition",
    inputs: { attributeKey: "plan", attributeModel: "contact_attribute", attributeDisplayName: "Plan", attributeDisplayType: "text" },
    path: "custom_attribute_definitions",
    holder: async (ctx) =>
      idOf(
        await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/custom_attribute_definitions`, {
          custom_attribute_definition: { attribute_key: "plan", attribute_model: 1, attribute_display_name: "Plan", attribute_display_type: 0 },
        }),
      ),
    refusal: /^POST \/api\/v1\/accounts\/1\/custom_attribute_definitions not sent: custom attribute definition (\d+) already has key "plan" \(contact_attribute\); set adopt: true to manage it$/,
    unknownKey: { attributeKey: UNKNOWN, attributeModel: "contact_attribute", attributeDisplayName: "Plan", attributeDisplayType: "text" },
  },
];

describe.each(FRONT_DOORS)("a key in use, through the %s front door", (door) => {
  const ctx = useSandbox();
  const gets = (path: string) => ctx.requests().filter((e) => e.method === "GET" && e.path === `/api/v1/accounts/${ctx.account.id}/${path}`);

  describe.each(CASES)("$kind", (c) => {
    const provider = () => throughFrontDoor(c.kind, door);

    it("fails the check of a new resource in the create's words, with no write", async () => {
      const id = await c.holder(ctx);
      ctx.sb.control.clearLog();
      const { failures } = await provider().check!({}, c.inputs);
      expect(failures).toHaveLength(1);
      expect(failures![0]).toMatchObject({ property: "", reason: expect.stringMatching(c.refusal) });
      expect(c.refusal.exec(failures![0]!.reason)?.[1]).toBe(String(id));
      expect(ctx.writes()).toEqual([]);
    });

    it("passes with adopt: true, and when nothing holds the key", async () => {
      await expect(provider().check!({}, c.inputs)).resolves.toMatchObject({ failures: [] });
      await c.holder(ctx);
      await expect(provider().check!({}, { ...c.inputs, adopt: true })).resolves.toMatchObject({ failures: [] });
    });

    it("is not looked for when the key is not known yet, nor for a resource the engine has (its old inputs)", async () => {
      const checked = await provider().check!({}, c.inputs);
      await c.holder(ctx);
      ctx.sb.control.clearLog();
      await expect(provider().check!({}, c.unknownKey)).resolves.toMatchObject({ failures: [] });
      await expect(provider().check!(checked.inputs, c.inputs)).resolves.toMatchObject({ failures: [] });
      expect(ctx.requests()).toEqual([]);
    });
  });

  it("a replacement that keeps the key: the engine's check after the diff (without old inputs) leaves the replaced object alone", async () => {
    await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/captain/assistants`, { assistant: { name: "Helpdesk", description: "d" } });
    const documents = throughFrontDoor("CaptainDocument", door);
    const guide = { assistantId: 1, externalLink: "https://www.acme.test/guide", name: "Guide" };
    const first = await documents.check!({}, guide);
    const created = await documents.create(first.inputs as Props);
    const renamed = { ...guide, name: "Handbook" };
    const rechecked = await documents.check!(first.inputs, renamed);
    const diff = await documents.diff!(created.id, created.outs, rechecked.inputs);
    expect(diff).toMatchObject({ replaces: ["name"], deleteBeforeReplace: true });
    await expect(documents.check!({}, renamed)).resolves.toMatchObject({ failures: [] });
    // Another resource with the same link is still refused: the object is not that one's.
    const other = await documents.check!({}, { ...guide, name: "Copy" });
    expect(other.failures?.[0]?.reason).toMatch(new RegExp(`not sent: Captain document ${created.id} already has link`));
  });

  it("lists a collection once for the checks and creates of a run", async () => {
    const labels = ["a1", "b2", "c3"].map((title) => ({ title }));
    const label = throughFrontDoor("Label", door);
    const checked = [];
    for (const inputs of labels) checked.push((await label.check!({}, inputs)).inputs as Props);
    for (const inputs of checked) await label.create(inputs);
    expect(gets("labels")).toHaveLength(1);
    expect(ctx.writes().map((w) => w.method)).toEqual(["POST", "POST", "POST"]);
    // The run's own labels hold their titles: a fourth resource with one of them is refused.
    const again = await label.check!({}, { title: "b2" });
    expect(again.failures?.[0]?.reason).toMatch(/^POST \S+ not sent: label \d+ already has title "b2"/);
  });
});
