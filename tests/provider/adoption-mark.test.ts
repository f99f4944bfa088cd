/**
 * An adopted object's outputs say so (`adopted: true`), so that run summaries can count it as
 * adopted rather than created. The mark survives refresh and update, never shows in the diff, and
 * an object the resource created has none.
 */
import { resources } from "../../provider";
import { ADOPTED_KEY } from "../../provider/lifecycle/adopt";
import { create, refresh, up, type Props } from "./support/engine";
import { useSandbox } from "./support/sandbox";

type Ctx = ReturnType<typeof useSandbox>;

interface AdoptionCase {
  kind: keyof typeof resources;
  /** Inputs of a new object. */
  inputs: Props;
  /** Makes a matching object out of band; returns the inputs that adopt it. */
  existing(ctx: Ctx): Promise<Props>;
  /** One in-place change of the inputs. */
  change: Props;
}

async function platformPost(ctx: Ctx, path: string, body: unknown): Promise<Props> {
  const res = await fetch(ctx.sb.url + path, {
    method: "POST",
    headers: { api_access_token: ctx.sb.info.platformTokens[0], "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Props;
}

const portal = { name: "Help Center", slug: "help", color: "#1f93ff" };
const bot = { name: "Triage", description: "Routes new chats", outgoingUrl: "https://bots.example.test/triage" };
const attribute = { attributeKey: "plan", attributeModel: "contact_attribute", attributeDisplayName: "Plan", attributeDisplayType: "text" };

const CASES: AdoptionCase[] = [
  {
    kind: "Portal",
    inputs: portal,
    existing: async (ctx) => {
      await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/portals`, { portal: { name: "Old name", slug: "help", color: "#1f93ff" } });
      return { ...portal, adopt: true };
    },
    change: { color: "#000000" },
  },
  {
    kind: "AgentBot",
    inputs: bot,
    existing: async (ctx) => {
      const made = await platformPost(ctx, "/platform/api/v1/agent_bots", { name: "Triage", description: "old", outgoing_url: bot.outgoingUrl, account_id: ctx.account.id });
      return { ...bot, adoptId: made.id };
    },
    change: { description: "Routes every chat" },
  },
  {
    kind: "CustomAttributeDefinition",
    inputs: attribute,
    existing: async (ctx) => {
      await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/custom_attribute_definitions`, {
        attribute_key: "plan",
        attribute_model: "contact_attribute",
        attribute_display_name: "Old",
        attribute_display_type: "text",
      });
      return { ...attribute, adopt: true };
    },
    change: { attributeDisplayName: "Customer plan" },
  },
];

describe.each(CASES)("$kind", ({ kind, inputs, existing, change }) => {
  const ctx = useSandbox();
  const provider = resources[kind];

  test("an adopted object is marked in the outputs; refresh and update keep the mark, and it never shows as a change", async () => {
    const adopting = await existing(ctx);
    const state = await create(provider, adopting);
    expect(state.outs[ADOPTED_KEY]).toBe(true);

    const same = await up(provider, state, adopting);
    expect(same.op).toBe("same");

    const refreshed = await refresh(provider, state);
    expect(refreshed?.outs[ADOPTED_KEY]).toBe(true);

    const updated = await up(provider, state, { ...adopting, ...change });
    expect(updated.op).toBe("update");
    expect(updated.state.outs[ADOPTED_KEY]).toBe(true);
  });

  test("an object the resource created carries no mark", async () => {
    const state = await create(provider, inputs);
    expect(state.outs).not.toHaveProperty(ADOPTED_KEY);
    const updated = await up(provider, state, { ...inputs, ...change });
    expect(updated.state.outs).not.toHaveProperty(ADOPTED_KEY);
  });
});
