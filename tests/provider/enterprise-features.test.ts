/**
 * Chatwoot Enterprise's types (SLA policies, custom roles) where the feature is missing: on a
 * community edition server their routes answer Rails' routing 404, and in an account whose flag is
 * off every request answers the role check's 401. Each step then fails saying which is missing,
 * a 404 never makes an object "gone" (refresh keeps it, destroy does not drop it), and a role
 * failure of an agent's token keeps its own advice.
 */
import type * as pulumi from "@pulumi/pulumi";
import { resources } from "../../provider";
import { create, destroy, refresh, up, type Props } from "./support/engine";
import { useSandbox } from "./support/sandbox";

interface GatedCase {
  kind: string;
  provider: pulumi.dynamic.ResourceProvider;
  path: string;
  flag: string;
  what: string;
  base: Props;
  snapshot(ctx: ReturnType<typeof useSandbox>): { id: number }[];
}

const CASES: GatedCase[] = [
  {
    kind: "SlaPolicy",
    provider: resources.SlaPolicy,
    path: "sla_policies",
    flag: "sla",
    what: "SLA policies",
    base: { name: "Gold", firstResponseTimeThreshold: 900 },
    snapshot: (ctx) => ctx.sb.control.snapshot().sla_policies,
  },
  {
    kind: "CustomRole",
    provider: resources.CustomRole,
    path: "custom_roles",
    flag: "custom_roles",
    what: "custom roles",
    base: { name: "Billing desk", permissions: ["contact_manage"] },
    snapshot: (ctx) => ctx.sb.control.snapshot().custom_roles,
  },
];

describe.each(CASES)("$kind without its Enterprise feature", (c) => {
  const ctx = useSandbox();
  afterEach(() => {
    ctx.sb.control.setEdition("enterprise");
    ctx.connect();
  });
  const edition = new RegExp(`: 404 Not Found; this server has no ${c.what}: they are a feature of Chatwoot's Enterprise edition`);
  const flagOff = new RegExp(`: 401 You are not authorized to do this action; the account's "${c.flag}" feature is off: ${c.what} are a Chatwoot Enterprise feature`);

  it("on a community server, create fails naming the edition before any write", async () => {
    ctx.sb.control.setEdition("community");
    await expect(create(c.provider, c.base)).rejects.toThrow(edition);
    expect(ctx.writes()).toEqual([]);
  });

  it("on a community server, refresh and destroy fail naming the edition and never drop the object", async () => {
    const state = await create(c.provider, c.base);
    ctx.sb.control.setEdition("community");
    await expect(refresh(c.provider, state)).rejects.toThrow(edition);
    await expect(destroy(c.provider, state)).rejects.toThrow(edition);
    await expect(up(c.provider, state, { ...c.base, name: "Renamed" })).rejects.toThrow(edition);
    ctx.sb.control.setEdition("enterprise");
    expect(c.snapshot(ctx).map((o) => String(o.id))).toEqual([state.id]);
    expect((await refresh(c.provider, state))?.id).toBe(state.id);
  });

  it("in an account whose flag is off, every step names the flag instead of the token's role", async () => {
    const state = await create(c.provider, c.base);
    ctx.sb.control.setFeatures(ctx.account.id, { [c.flag]: false });
    const steps = [() => create(c.provider, c.base), () => refresh(c.provider, state), () => destroy(c.provider, state), () => up(c.provider, state, { ...c.base, name: "Renamed" })];
    for (const step of steps) {
      const err = await step().then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(flagOff);
      expect(err?.message).not.toMatch(/needs an administrator|belongs to an agent/);
    }
    expect(c.snapshot(ctx)).toHaveLength(1);
  });

  it("an agent's token keeps the role failure's own advice (the flag is on)", async () => {
    const agentToken = ctx.account.agentToken ?? "";
    ctx.connect({ apiAccessToken: agentToken });
    const err = await create(c.provider, c.base).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/401 You are not authorized to do this action; this needs an administrator of the account/);
    expect(err?.message).not.toContain("feature");
    expect(err?.message).not.toContain(agentToken);
  });
});
