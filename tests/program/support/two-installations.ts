/**
 * A program of two installations through the real `pulumi` CLI (examples/two-installations in
 * TypeScript, examples/yaml-two-installations in Pulumi YAML): a sandbox for each of `staging`
 * and `production`, and one stack whose config names each one's URL, account and token (a secret),
 * as both examples read them. The steps both examples share are declared here, each as a test of
 * the calling file, in the order it calls them.
 */
import { writesIn } from "../../demo/requests";
import { opsOf, PulumiProject } from "../../harness/pulumi-cli";
import { startSandbox, type Sandbox } from "../../../sdk/sandbox";
import { expectSuccess } from "./lifecycle";

/** The file's installations and stack; valid from `beforeAll` on. */
export interface TwoInstallations {
  readonly staging: Sandbox;
  readonly production: Sandbox;
  readonly project: PulumiProject;
  /** Both installations, staging first. */
  both(): Sandbox[];
  /** `METHOD path` of each write an installation has logged since the logs were cleared. */
  writeLines(sb: Sandbox): string[];
  clearLogs(): void;
  /** Account 1's labels and teams in an installation. */
  labels(sb: Sandbox): ReturnType<Sandbox["control"]["snapshot"]>["labels"];
  teams(sb: Sandbox): ReturnType<Sandbox["control"]["snapshot"]>["teams"];
}

/** Starts both installations and the stack `dev` of the program at `dir` (call inside the file's `describe`); `prepare` runs before the stack is made. */
export function useTwoInstallations(dir: string, prepare?: (project: PulumiProject) => Promise<void>): TwoInstallations {
  let sandboxes: Sandbox[] | undefined;
  let project: PulumiProject | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the installations and the stack start in beforeAll");
    return value;
  };
  beforeAll(async () => {
    sandboxes = await Promise.all([startSandbox(), startSandbox()]);
    const [staging, production] = sandboxes as [Sandbox, Sandbox];
    project = new PulumiProject(dir);
    await prepare?.(project);
    await project.init("dev", {
      config: {
        stagingUrl: staging.url,
        stagingAccountId: "1",
        stagingToken: staging.info.accounts[0].adminToken,
        productionUrl: production.url,
        productionAccountId: "1",
        productionToken: production.info.accounts[0].adminToken,
      },
      secretKeys: ["stagingToken", "productionToken"],
    });
  });
  afterAll(async () => {
    project?.dispose();
    await Promise.all((sandboxes ?? []).map((sb) => sb.close()));
  });
  const ctx: TwoInstallations = {
    get staging() {
      return ready(sandboxes)[0]!;
    },
    get production() {
      return ready(sandboxes)[1]!;
    },
    get project() {
      return ready(project);
    },
    both: () => ready(sandboxes),
    writeLines: (sb) => writesIn(sb.control.log()).map((w) => `${w.method} ${w.path}`),
    clearLogs: () => ready(sandboxes).forEach((sb) => sb.control.clearLog()),
    labels: (sb) => sb.control.snapshot().labels.filter((l) => l.account_id === 1),
    teams: (sb) => sb.control.snapshot().teams.filter((t) => t.account_id === 1),
  };
  return ctx;
}

/** A label made by hand in account 1 of `sb` (as in its dashboard): its id. */
export async function labelByHand(sb: Sandbox, label: { title: string; description?: string; color?: string }): Promise<number> {
  const made = await fetch(`${sb.url}/api/v1/accounts/1/labels`, {
    method: "POST",
    headers: { api_access_token: sb.info.accounts[0].adminToken, "content-type": "application/json" },
    body: JSON.stringify(label),
  });
  return ((await made.json()) as { id: number }).id;
}

/** A second `up`: nothing changes, and neither installation gets a write. */
export function secondUpWritesNothing(ctx: TwoInstallations, also?: () => Promise<void>): void {
  test("a second up changes nothing and sends no write to either installation", async () => {
    ctx.clearLogs();
    const again = await ctx.project.up("--expect-no-changes");
    expectSuccess(again);
    expect(new Set(Object.values(opsOf(again)))).toEqual(new Set(["same"]));
    expect(ctx.both().map(ctx.writeLines)).toEqual([[], []]);
    await also?.();
  });
}

/** The checkpoint: neither token in plain text, each provider's a secret input. */
export function tokensStaySecret(ctx: TwoInstallations): void {
  test("the checkpoint holds neither token in plain text: each provider's token is a secret input", async () => {
    const exported = await ctx.project.exportText();
    for (const sb of ctx.both()) for (const secret of sb.control.secrets()) expect(exported).not.toContain(secret);
    const state = JSON.parse(exported) as { deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] } };
    const providers = state.deployment.resources.filter((r) => r.type === "pulumi:providers:chatwoot");
    expect(providers).toHaveLength(2);
    for (const p of providers) expect(p.inputs?.apiAccessToken).toEqual({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
  });
}

/** A token staging refuses: the preview fails at its first request, naming that provider's setting, without the token. */
export function refusedTokenNamesItsProvider(ctx: TwoInstallations): void {
  test("a refused token of one provider fails the preview at its first request, naming that provider's setting", async () => {
    const wrong = "token-of-another-installation";
    await ctx.project.setConfig({ config: { stagingToken: wrong }, secretKeys: ["stagingToken"] });
    try {
      ctx.clearLogs();
      const preview = await ctx.project.preview();
      expect(preview.code).not.toBe(0);
      // One refused request ends it: no retry, no request after it.
      expect(ctx.staging.control.log().filter((entry) => entry.status === 401)).toHaveLength(1);
      const output = `${preview.stdout}\n${preview.stderr}`;
      expect(output).toMatch(/Chatwoot connection check: GET \/api\/v1\/accounts\/1: 401 .*apiAccessToken of provider "staging"/);
      expect(output).not.toContain(wrong);
      expect(ctx.both().map(ctx.writeLines)).toEqual([[], []]);
    } finally {
      await ctx.project.setConfig({ config: { stagingToken: ctx.staging.info.accounts[0].adminToken }, secretKeys: ["stagingToken"] });
    }
    expectSuccess(await ctx.project.preview("--expect-no-changes"));
  });
}

/** `destroy`: each of `resources` deleted, and nothing of the stack left in either installation. */
export function destroyLeavesNothing(ctx: TwoInstallations, resources: readonly string[]): void {
  test("destroy leaves nothing of the stack in either installation", async () => {
    const destroy = await ctx.project.destroy();
    expectSuccess(destroy);
    expect(Object.keys(opsOf(destroy))).toEqual(expect.arrayContaining([...resources]));
    for (const sb of ctx.both()) {
      expect(ctx.labels(sb)).toEqual([]);
      expect(ctx.teams(sb)).toEqual([]);
    }
  });
}
