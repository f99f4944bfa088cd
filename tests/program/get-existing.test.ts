/**
 * `X.get` (Pulumi's reading of an existing object) through the real `pulumi` CLI: a program reads a
 * label made outside the stack and exports its fields. `pulumi up` shows it read, not created, and
 * sends no write; a second `up` and a refresh change nothing; `pulumi destroy` forgets it and
 * leaves it in place. An id that names nothing fails the preview, saying so.
 */
import { opsOf } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { useSdkProject } from "./support/sdk-project";

jest.setTimeout(120_000);

const program = (id: string) => `
import * as chatwoot from "pulumi-chatwoot";
const escalated = chatwoot.Label.get("escalated", ${JSON.stringify(id)});
export const title = escalated.title;
export const description = escalated.description;
export const color = escalated.color;
export const showOnSidebar = escalated.showOnSidebar;
export const accountId = escalated.accountId;
export const labelId = escalated.id;
export const isLabel = chatwoot.Label.isInstance(escalated);
export const isTeam = chatwoot.Team.isInstance(escalated);
`;

realEngine.describe("reading an existing object with `get` through `pulumi`", () => {
  const stack = useSdkProject();
  const writes = () => stack.sandbox.control.log().filter((entry) => entry.method !== "GET");

  /** A label made in the account by hand (as its administrator), outside any stack. */
  async function labelMadeByHand(): Promise<{ id: number }> {
    const [account] = stack.sandbox.info.accounts;
    const answer = await fetch(`${stack.sandbox.url}/api/v1/accounts/${account.id}/labels`, {
      method: "POST",
      headers: { api_access_token: account.adminToken, "content-type": "application/json" },
      body: JSON.stringify({ title: "escalated", description: "Needs a lead", color: "#DC2626", show_on_sidebar: true }),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { id: number };
  }

  test("Label.get reads the label, writes nothing, and destroy leaves it in place", async () => {
    const { id } = await labelMadeByHand();
    const project = await stack.init(program(String(id)));
    stack.sandbox.control.clearLog();

    const up = await project.up();
    expectSuccess(up);
    expect(opsOf(up)).toEqual({ escalated: "read" });
    expect(writes()).toEqual([]);
    expect(await project.outputs()).toEqual({
      title: "escalated",
      description: "Needs a lead",
      color: "#DC2626",
      showOnSidebar: true,
      accountId: stack.sandbox.info.accounts[0].id,
      labelId: String(id),
      isLabel: true,
      isTeam: false,
    });

    // Read again each run, and by a refresh (from the state the read left), without a write.
    expectSuccess(await project.up("--expect-no-changes"));
    const refresh = await project.refresh("--expect-no-changes");
    expectSuccess(refresh);
    expect(writes()).toEqual([]);

    const destroy = await project.destroy();
    expectSuccess(destroy);
    expect(writes()).toEqual([]);
    expect(stack.sandbox.control.snapshot().labels.find((label) => label.id === id)).toMatchObject({ title: "escalated", description: "Needs a lead" });
  });

  test("a get of an id that names no label fails, naming the id", async () => {
    stack.program(program("999999"));
    const preview = await stack.project.preview();
    expect(preview.code).not.toBe(0);
    expect(`${preview.stdout}\n${preview.stderr}`).toMatch(/Label "999999" was not found/);
    expect(writes()).toEqual([]);
  });
});
