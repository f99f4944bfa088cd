/**
 * What is CaptainScenario's own (the shared lifecycle is in collection-resources.test.ts): tools
 * derived by the server, a disabled scenario (which the index leaves out) read by id, its
 * assistant's delete taking it along, and a tool the account lacks explained.
 */
import { resources } from "../../provider";
import { create, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const scenario = resources.CaptainScenario;
const refunds = { assistantId: 1, title: "Refunds", description: "Refund requests", instruction: "Note it with [Note](tool://add_private_note), then [Handoff](tool://handoff)" };

describe("CaptainScenario", () => {
  const ctx = useSandbox();
  const assistants = () => `/api/v1/accounts/${ctx.account.id}/captain/assistants`;
  beforeEach(async () => {
    expect((await ctx.admin("POST", assistants(), { assistant: { name: "Helpdesk", description: "Answers questions" } })).status).toBe(200);
  });

  it("outputs the tools the server reads from the instruction", async () => {
    const made = await create(scenario, refunds);
    expect(made.outs).toMatchObject({ tools: ["add_private_note", "handoff"], enabled: true, assistantId: 1 });
    const next = await up(scenario, made, { ...refunds, instruction: "Just answer." });
    expect(next.state.outs.tools).toEqual([]);
  });

  // scenarios_controller_spec.rb "returns only enabled scenarios": a disabled one is read through show.
  it("keeps a disabled scenario, which the server's list leaves out, through refresh and a second up", async () => {
    const made = await create(scenario, { ...refunds, enabled: false });
    expect(((await ctx.admin("GET", `${assistants()}/1/scenarios`)).body as { payload: unknown[] }).payload).toEqual([]);
    const refreshed = (await refresh(scenario, made))!;
    expect(refreshed.outs).toMatchObject({ enabled: false, title: "Refunds" });
    ctx.sb.control.clearLog();
    expect((await up(scenario, refreshed, { ...refunds, enabled: false })).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
  });

  // captain/assistant.rb: has_many :scenarios, dependent: :destroy_async.
  it("reads as gone once its assistant is deleted, and refuses an assistant the account lacks", async () => {
    const made = await create(scenario, refunds);
    await ctx.admin("DELETE", `${assistants()}/1`);
    expect(await refresh(scenario, made)).toBeUndefined();
    await expect(create(scenario, refunds)).rejects.toThrow(/assistantId 1: account 1 has no Captain assistant with that id/);
  });

  // captain/scenario.rb#validate_instruction_tools.
  it("explains a tool the account lacks", async () => {
    await expect(create(scenario, { ...refunds, instruction: "[Launch](tool://launch_rocket)" })).rejects.toThrow(
      /422 Instruction contains invalid tools: launch_rocket; the instruction of scenario "Refunds" references a tool/,
    );
  });
});
