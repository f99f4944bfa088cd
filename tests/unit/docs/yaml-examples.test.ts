/**
 * The YAML examples of the reference pages are made from the TypeScript examples of the SDK's TSDoc
 * (provider/build/yaml-examples.ts): what converts, to what, and what fails the generator naming
 * the type whose example to change.
 */
import { yamlExamples, type TsExample } from "../../../provider/build/yaml-examples";

const vocabulary = { resources: new Set(["Team", "Label", "Macro", "PlatformUser"]), functions: new Set(["getAgents"]) };
const convert = (...examples: TsExample[]) => yamlExamples(examples, vocabulary);

test("resources, references to another example's resource by its name, constants, templates, config and files", () => {
  const [team, macro] = convert(
    { owner: "Team", code: 'const billing = new chatwoot.Team("billing-team", { name: "billing", allowAutoAssign: true });' },
    {
      owner: "Macro",
      code: [
        "const config = new pulumi.Config();",
        'const carol = chatwoot.getAgentsOutput({ email: "carol@acme.test" }).agents[0].id;',
        'new chatwoot.Macro("escalate", {',
        '  name: `Escalate to ${billing.name}`,',
        "  actions: [{ actionName: \"assign_team\", actionParams: [billing.id, carol] }, { actionName: \"snooze\", actionParams: [7 * 24 * 60, -1] }],",
        '  note: fs.readFileSync("notes/escalate.md", "utf8"),',
        '  secret: config.requireSecret("macroKey"),',
        '  literal: "costs ${price}",',
        "});",
        "export const billingId = billing.id;",
      ].join("\n"),
    },
  );
  expect(team!.program.resources).toEqual({ "billing-team": { type: "chatwoot:index:Team", properties: { name: "billing", allowAutoAssign: true } } });
  expect(team!.refersTo).toEqual([]);
  expect(macro!.program).toEqual({
    config: { macroKey: { type: "string", secret: true } },
    variables: { carol: { "fn::invoke": { function: "chatwoot:index:getAgents", arguments: { email: "carol@acme.test" } } } },
    resources: {
      escalate: {
        type: "chatwoot:index:Macro",
        properties: {
          name: "Escalate to ${billing-team.name}",
          actions: [
            { actionName: "assign_team", actionParams: ["${billing-team.id}", "${carol.agents[0].id}"] },
            { actionName: "snooze", actionParams: [10080, -1] },
          ],
          note: { "fn::readFile": "notes/escalate.md" },
          secret: "${macroKey}",
          literal: "costs $${price}",
        },
      },
    },
    outputs: { billingId: "${billing-team.id}" },
  });
  expect(macro!.refersTo).toEqual([{ name: "billing-team", identifier: "billing", owner: "Team" }]);
  expect(macro!.text).toContain('config:\n  macroKey:\n    type: string\n    secret: true\nvariables:\n  carol:\n    fn::invoke:');
});

test("two examples may declare the same name with the same content, and each uses its own", () => {
  const same = 'const carol = chatwoot.getAgentsOutput({ email: "carol@acme.test" }).agents[0].id;';
  const [a, b] = convert(
    { owner: "Team", code: `${same}\nexport const a = carol;` },
    { owner: "Label", code: `${same}\nexport const b = carol;` },
  );
  expect(a!.program.outputs).toEqual({ a: "${carol.agents[0].id}" });
  expect(b!.program.outputs).toEqual({ b: "${carol.agents[0].id}" });
  expect(b!.refersTo).toEqual([]);
});

describe("what YAML cannot say fails the generator, naming the type and the code", () => {
  const failure = (...examples: TsExample[]) => {
    try {
      convert(...examples);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error("the conversion did not fail");
  };

  test("a callback", () => {
    expect(failure({ owner: "Label", code: 'const vip = new chatwoot.Label("vip", { title: "vip" });\nexport const upper = vip.title.apply((t) => t.toUpperCase());' })).toMatch(
      /- Label's example, line 2: a call that YAML cannot make .*: vip\.title\.apply\(\(t\) => t\.toUpperCase\(\)\)/,
    );
  });

  test("a name no example declares", () => {
    expect(failure({ owner: "Macro", code: 'new chatwoot.Macro("m", { name: "m", actions: [{ actionName: "assign_team", actionParams: [billingTeamId] }] });' })).toMatch(
      /Macro's example, line 1: a name no example declares .*\(billingTeamId\): billingTeamId/,
    );
  });

  test("the same name declared differently by two examples", () => {
    expect(failure({ owner: "Team", code: 'new chatwoot.Team("billing", { name: "billing" });' }, { owner: "Label", code: 'new chatwoot.Label("billing", { title: "billing" });' })).toMatch(
      /Label's example declares billing, which Team's example declares differently/,
    );
  });

  test("a statement that is not a declaration, an export or a resource; an exported resource; resource options", () => {
    const message = failure(
      { owner: "Team", code: 'for (const name of ["a", "b"]) new chatwoot.Team(name, { name });' },
      { owner: "Label", code: 'export const vip = new chatwoot.Label("vip", { title: "vip" });' },
      { owner: "Macro", code: 'new chatwoot.Macro("m", { name: "m", actions: [] }, { protect: true });' },
    );
    expect(message).toMatch(/Team's example, line 1: a statement that declares no `const`/);
    expect(message).toMatch(/Label's example, line 1: an exported resource or data source/);
    expect(message).toMatch(/Macro's example, line 1: resource options are not converted: \{ protect: true \}/);
  });
});
