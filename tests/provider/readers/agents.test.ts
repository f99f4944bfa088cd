import * as pulumi from "@pulumi/pulumi";
import { readers } from "../../../provider";
import { getAgents, getAgentsOutput } from "../../../sdk/get-agents";
import { TeamMembership } from "../../../sdk/team-membership";
import type { Registration } from "../../harness/program-monitor";
import { inProgram, outputValue } from "../support/in-program";
import { useSandbox } from "../support/sandbox";

// Seed (sdk/sandbox/seed.ts): account 1 has Alice Admin (1, administrator), Bob Agent (2), Carol
// Agent (3) and Dana Shared (4, also an agent of account 2); account 2 has Erin Admin (5) and Dana.
describe("getAgents", () => {
  const ctx = useSandbox();
  const seeded = (id: number) => ctx.sb.control.snapshot().users.find((u) => u.id === id)!;

  it("lists the account's users with one GET, by name, with id, name, email, role, availability and confirmed", async () => {
    const { agents } = await readers.getAgents();
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/accounts/${ctx.account.id}/agents`]);
    expect(agents.map((a) => a.name)).toEqual(["Alice Admin", "Bob Agent", "Carol Agent", "Dana Shared"]);
    for (const agent of agents) expect(Object.keys(agent).sort()).toEqual(["availability", "confirmed", "email", "id", "name", "role"]);
    const alice = seeded(1);
    const membership = alice.memberships.find((m) => m.account_id === ctx.account.id)!;
    expect(agents[0]).toEqual({
      id: 1,
      name: alice.name,
      email: alice.email,
      role: "administrator",
      availability: membership.availability,
      confirmed: alice.confirmed,
    });
  });

  it("finds one agent by e-mail address, without regard to case", async () => {
    expect((await readers.getAgents({ email: "  CAROL@Acme.test " })).agents).toEqual([expect.objectContaining({ id: 3, email: "carol@acme.test" })]);
  });

  it("finds the same person in two accounts by e-mail", async () => {
    const inAcme = await readers.getAgents({ email: "dana@shared.test" });
    ctx.connect({ apiAccessToken: ctx.sb.info.accounts[1]!.adminToken });
    try {
      const inGlobex = await readers.getAgents({ accountId: 2, email: "dana@shared.test" });
      expect(inGlobex.agents.map((a) => a.id)).toEqual(inAcme.agents.map((a) => a.id));
    } finally {
      ctx.connect();
    }
  });

  it("fails naming the address and the account when the account has no such agent", async () => {
    await expect(readers.getAgents({ email: "zed@acme.test" })).rejects.toThrow(`getAgents: account ${ctx.account.id} has no agent with email "zed@acme.test"`);
    // Erin exists, but in account 2 only.
    await expect(readers.getAgents({ email: "erin@globex.test" })).rejects.toThrow(/has no agent with email "erin@globex.test"/);
  });

  it("refuses bad arguments before any request, naming the argument", async () => {
    ctx.sb.control.clearLog();
    await expect(readers.getAgents({ email: "carol" })).rejects.toThrow(/getAgents: invalid arguments: email: must be an e-mail address/);
    await expect(readers.getAgents({ accountId: 0 })).rejects.toThrow(/getAgents: invalid arguments: accountId: /);
    await expect(readers.getAgents({ mail: "carol@acme.test" } as never)).rejects.toThrow(/mail: unknown property/);
    expect(ctx.requests()).toHaveLength(0);
  });

  it("in a program: an agent found by e-mail becomes a TeamMembership's user, and both types register under their tokens", async () => {
    const registered: Registration[] = [];
    const config = { "chatwoot:url": ctx.sb.url, "chatwoot:apiAccessToken": ctx.account.adminToken, "chatwoot:accountId": String(ctx.account.id) };
    const result = await inProgram(
      config,
      async () => {
        const bob = getAgentsOutput({ email: pulumi.output("bob@acme.test") });
        new TeamMembership("billing", { teamId: 1, userIds: [bob.agents[0]!.id] });
        return { plain: await getAgents({ email: "carol@acme.test" }), bob: await outputValue(bob) };
      },
      (r) => registered.push(r),
    );
    ctx.connect();
    expect(result.plain.agents.map((a) => a.id)).toEqual([3]);
    expect(result.bob.agents.map((a) => a.id)).toEqual([2]);
    const membership = registered.find((r) => r.name === "billing")!;
    expect(membership.type).toBe("pulumi-nodejs:dynamic/chatwoot:TeamMembership");
    expect(membership.inputs).toMatchObject({ teamId: 1, userIds: [2] });
    const providerText = JSON.stringify(membership.inputs.__provider);
    expect(providerText).toContain("TeamMembership");
    for (const leak of [ctx.account.adminToken, process.cwd()]) expect(providerText).not.toContain(leak);
  });
});
