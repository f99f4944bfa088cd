/**
 * The engine benchmark's own arithmetic and programs: a checkpoint's bytes split by part add up to
 * the resources' compact JSON, and every door's program (the YAML one, the Node.js ones of the
 * package's classes on either door, the engine's floor) declares the fleet's resources with the
 * same names and inputs.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { checkpointFigures, PARTS } from "../../bench/support/checkpoint-bytes";
import { classesProgram, floorProgram, nativeProgram } from "../../bench/support/fleet-programs";
import type { FleetMember } from "../../bench/support/workload";

const secret = (ciphertext: string) => ({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext });

const label = {
  urn: "urn:pulumi:bench::p::pulumi-nodejs:dynamic/chatwoot:Label::vip",
  custom: true,
  id: "3",
  type: "pulumi-nodejs:dynamic/chatwoot:Label",
  inputs: { __provider: "exports.handler = __f0;", title: "vip" },
  outputs: { __inputs: secret("v1:abc"), __provider: "exports.handler = __f0;", title: "vip", id: 3 },
  parent: "urn:pulumi:bench::p::pulumi:pulumi:Stack::p-bench",
  provider: "urn:pulumi:bench::p::pulumi:providers:pulumi-nodejs::default::1",
  propertyDependencies: { __provider: [], title: [] },
  sourcePosition: "project:///index.js#3,1",
  stackTrace: [{ sourcePosition: "project:///index.js#3,1" }, {}],
  emptyMap: {},
};
const exportOf = (resources: object[]) => JSON.stringify({ version: 3, deployment: { resources } }, null, 4);

describe("checkpointFigures", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-checkpoint-"));
  const file = path.join(dir, "bench.json");
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("splits the program's resources by part, the parts adding up to their compact JSON; the stack and providers are left out", () => {
    const stack = { urn: "urn:pulumi:bench::p::pulumi:pulumi:Stack::p-bench", custom: false, type: "pulumi:pulumi:Stack" };
    const text = exportOf([stack, label, { ...label, inputs: {}, urn: `${label.urn}2` }]);
    fs.writeFileSync(file, "x".repeat(123));
    const figures = checkpointFigures(text, file, (type) => type.startsWith("pulumi-nodejs:dynamic/"));
    expect(figures).toMatchObject({ fileBytes: 123, exportBytes: Buffer.byteLength(text), resources: 2 });
    const total = Object.values(figures.parts).reduce((a, b) => a + b, 0);
    expect(total).toBe(Buffer.byteLength(JSON.stringify(label)) + Buffer.byteLength(JSON.stringify({ ...label, inputs: {}, urn: `${label.urn}2` })));
    expect(Object.keys(figures.parts)).toEqual([...PARTS]);
    expect(figures.parts["__provider (inputs and outputs)"]).toBe(3 * `"__provider":${JSON.stringify(label.inputs.__provider)},`.length);
    expect(figures.parts["__inputs (outputs, encrypted)"]).toBe(2 * `"__inputs":${JSON.stringify(label.outputs.__inputs)},`.length);
    expect(figures.parts["sourcePosition and stackTrace"]).toBe(2 * (`"sourcePosition":"project:///index.js#3,1",`.length + `"stackTrace":${JSON.stringify(label.stackTrace)},`.length));
  });
});

describe("the fleet's programs", () => {
  const members: FleetMember[] = [
    { kind: "AgentBot", name: "bot-0", inputs: { name: "billing bot", outgoingUrl: "https://bots.test/${id}?q=$$&r=$" } },
    { kind: "AutomationRule", name: "rule-1", inputs: { name: "Route", eventName: "message_created", conditions: [{ attributeKey: "content", values: ["a"], queryOperator: null }] } },
  ];

  test("the YAML program declares each member by name, on the plugin's token, with its inputs (each `$` doubled)", () => {
    const text = nativeProgram("bench", members)["Pulumi.yaml"] as string;
    expect(text.startsWith("name: bench\nruntime: yaml\nresources:\n")).toBe(true);
    const declared = [...text.matchAll(/^ {2}("[^"]+"):\n {4}type: (\S+)\n {4}properties: (.+)$/gm)].map(([, name, type, props]) => ({ name: JSON.parse(name as string), type, inputs: JSON.parse(props as string) }));
    expect(declared).toEqual([
      { name: "bot-0", type: "chatwoot:index:AgentBot", inputs: { name: "billing bot", outgoingUrl: "https://bots.test/$${id}?q=$$$$&r=$$" } },
      { name: "rule-1", type: "chatwoot:index:AutomationRule", inputs: members[1]?.inputs },
    ]);
  });

  test.each([
    ["dynamic resources", () => classesProgram("bench", members), false],
    ["the plugin", () => classesProgram("bench", members, true), true],
    ["the floor", () => floorProgram("bench", members), false],
  ])("the Node.js program on %s reads the same members from fleet.json", (_door, files, onPlugin) => {
    const program = files();
    expect(JSON.parse(program["fleet.json"] as string)).toEqual(members);
    expect(program["Pulumi.yaml"]).toContain("name: bench\nruntime:\n  name: nodejs");
    expect(program["Pulumi.yaml"]?.includes("chatwoot:usePlugin: true")).toBe(onPlugin);
    expect(program["Pulumi.yaml"]?.includes("path: node_modules/pulumi-chatwoot/provider/plugin")).toBe(onPlugin);
  });
});
