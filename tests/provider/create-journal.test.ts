import * as fs from "node:fs";
import * as path from "node:path";
import { resources } from "../../provider";
import { createNotes, journalDir, startNewRun, withCreateJournal } from "../../provider/lifecycle/create-journal";
import type { Props } from "../../provider/lifecycle/json";
import type { ResourceLifecycle } from "../../provider/lifecycle/resource";
import { forgetRunListings } from "../../provider/lifecycle/run-listing";
import { check, create, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

/**
 * The create journal: a run killed between a POST and Pulumi recording its answer leaves the
 * object on the server and not in the state; the same create in the next run takes that object
 * (and only that one) instead of refusing its key or making a second one. Here a killed run is
 * played by its note (written as its create writes it) and an object that lands; the real kills
 * run through the CLI in tests/program/interrupted-up.test.ts.
 */
const label = resources.Label;
const rule = resources.AutomationRule;
const ruleInputs = {
  name: "Route refunds",
  eventName: "conversation_created",
  conditions: [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"] }],
  actions: [{ actionName: "change_priority", actionParams: ["high"] }],
};
const ruleBody = {
  name: "Route refunds",
  event_name: "conversation_created",
  conditions: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"] }],
  actions: [{ action_name: "change_priority", action_params: ["high"] }],
};

describe("the create journal", () => {
  const ctx = useSandbox();
  const collection = (name: string) => `/api/v1/accounts/${ctx.account.id}/${name}`;
  const journalFiles = () => (fs.existsSync(journalDir()) ? fs.readdirSync(journalDir()).filter((f) => f.endsWith(".json")) : []);
  const maxId = (rows: { id: number }[]) => rows.reduce((max, r) => Math.max(max, r.id), 0);

  /** What a killed run leaves: the note its create wrote before the POST (and, once answered, the id). */
  async function killedRun(provider: ResourceLifecycle, raw: Props, request: string, floor: number, answered?: number): Promise<void> {
    const inputs = await check(provider, raw);
    // That check stands for the killed run's: it leaves this run no listing of the collection.
    forgetRunListings();
    await withCreateJournal(inputs, async () => {
      const notes = createNotes(request);
      notes.sending(floor);
      if (answered !== undefined) notes.answered(answered);
    });
  }
  /** A POST as the killed run's provider sent it, landing at the server. */
  async function lands(what: string, body: unknown): Promise<number> {
    const answer = await ctx.admin("POST", collection(what), body);
    expect(answer.status).toBe(200);
    return (answer.body as { id: number }).id;
  }

  beforeEach(() => {
    fs.rmSync(journalDir(), { recursive: true, force: true });
    startNewRun();
  });

  it("a keyed create whose run was killed takes the object that landed, without a POST or adopt", async () => {
    const floor = maxId(ctx.sb.control.snapshot().labels);
    await killedRun(label, { title: "vip", color: "#112233" }, `POST ${collection("labels")}`, floor);
    const id = await lands("labels", { title: "vip", color: "#112233" });
    startNewRun();
    ctx.sb.control.clearLog();

    const state = await create(label, { title: "vip", color: "#112233" });
    expect(state.id).toBe(String(id));
    expect(ctx.writes()).toEqual([]);
    expect(state.outs).toMatchObject({ title: "vip", color: "#112233" });
    expect(state.outs).not.toHaveProperty("adopted");
  });

  it("without a note of an earlier run, a key in use is refused before any POST, as before", async () => {
    await lands("labels", { title: "vip", color: "#112233" });
    ctx.sb.control.clearLog();
    await expect(create(label, { title: "vip", color: "#112233" })).rejects.toThrow(/POST \/api\/v1\/accounts\/1\/labels not sent: label \d+ already has title "vip"; set adopt: true/);
    expect(ctx.writes()).toEqual([]);
  });

  it("the run's own notes are never taken for a killed run's: a key its create left is refused", async () => {
    const floor = maxId(ctx.sb.control.snapshot().labels);
    await killedRun(label, { title: "vip" }, `POST ${collection("labels")}`, floor);
    await lands("labels", { title: "vip" });
    // No new run: the same process, as when one program declares the same label twice.
    await expect(create(label, { title: "vip" })).rejects.toThrow(/not sent: label \d+ already has title "vip"/);
  });

  it("a create without a key takes only the matching object above the note's floor, never an older identical one", async () => {
    const older = await lands("automation_rules", ruleBody);
    const floor = maxId(ctx.sb.control.snapshot().automation_rules);
    await killedRun(rule, ruleInputs, `POST ${collection("automation_rules")}`, floor);
    const landed = await lands("automation_rules", ruleBody);
    startNewRun();
    ctx.sb.control.clearLog();

    const state = await create(rule, ruleInputs);
    expect(state.id).toBe(String(landed));
    expect(state.id).not.toBe(String(older));
    expect(ctx.writes()).toEqual([]);
  });

  it("a note that got its answer points at that object alone; when it is gone, the create POSTs", async () => {
    const floor = maxId(ctx.sb.control.snapshot().automation_rules);
    const answered = await lands("automation_rules", ruleBody);
    await killedRun(rule, ruleInputs, `POST ${collection("automation_rules")}`, floor, answered);
    expect((await ctx.admin("DELETE", `${collection("automation_rules")}/${answered}`)).status).toBe(200);
    const someoneElses = await lands("automation_rules", ruleBody);
    startNewRun();
    ctx.sb.control.clearLog();

    const state = await create(rule, ruleInputs);
    expect([String(answered), String(someoneElses)]).not.toContain(state.id);
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`POST ${collection("automation_rules")}`]);
  });

  it("two matching objects above the floor: an error naming both, nothing taken and nothing sent", async () => {
    const floor = maxId(ctx.sb.control.snapshot().automation_rules);
    await killedRun(rule, ruleInputs, `POST ${collection("automation_rules")}`, floor);
    const first = await lands("automation_rules", ruleBody);
    const second = await lands("automation_rules", ruleBody);
    startNewRun();
    ctx.sb.control.clearLog();

    await expect(create(rule, ruleInputs)).rejects.toThrow(
      new RegExp(`not sent: automation rule ${first}, automation rule ${second} match it and appeared after an interrupted run sent it.*adopt one and delete the others`),
    );
    expect(ctx.writes()).toEqual([]);
  });

  it("a note is removed once a later run shows Pulumi has the object (its diff), and when a POST was refused", async () => {
    const state = await create(label, { title: "vip", color: "#112233" });
    expect(journalFiles()).toHaveLength(1);
    startNewRun();
    expect((await up(label, state, { title: "vip", color: "#112233" })).op).toBe("same");
    expect(journalFiles()).toEqual([]);

    ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/labels", kind: "status", status: 422 });
    await expect(create(label, { title: "other" })).rejects.toThrow(/422/);
    expect(journalFiles()).toEqual([]);
  });

  it("the journal holds request lines, ids and times only: no input, token or URL", async () => {
    await create(label, { title: "secret-looking-title", description: "confidential" });
    const [file] = journalFiles();
    const text = fs.readFileSync(path.join(journalDir(), file ?? "missing"), "utf8");
    for (const secret of ["secret-looking-title", "confidential", ctx.sb.url, ctx.account.adminToken]) expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toEqual({ [`POST ${collection("labels")}`]: { floor: expect.any(Number), id: expect.any(Number), run: expect.any(String), at: expect.any(Number) } });
  });

  it("an unwritable journal costs only the safety net: the create succeeds and says so once on stderr", async () => {
    const blocker = path.join(path.dirname(journalDir()), "not-a-directory");
    fs.writeFileSync(blocker, "");
    const saved = process.env.CHATWOOT_CREATE_JOURNAL_DIR;
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      process.env.CHATWOOT_CREATE_JOURNAL_DIR = path.join(blocker, "creates");
      const state = await create(label, { title: "vip" });
      expect(state.id).toMatch(/^\d+$/);
      expect(stderr.mock.calls.map(([text]) => String(text)).join("")).toMatch(/chatwoot: the create journal in .* cannot be written/);
    } finally {
      stderr.mockRestore();
      process.env.CHATWOOT_CREATE_JOURNAL_DIR = saved;
      fs.rmSync(blocker, { force: true });
    }
  });
});
