/**
 * A Pulumi YAML program through the real `pulumi` CLI and the YAML language host that
 * `npm run setup:pulumi` puts beside it (tests/pulumi-cli/install.ts): no resources, only config,
 * variables and outputs, so nothing but the host can compute the outputs (the stack's config and
 * name interpolated, a list split and an item selected, a value in base64, a secret passed on).
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { PulumiProject, yamlHostBinary } from "../harness/pulumi-cli";
import { pinnedYamlVersion, yamlHostVersion } from "../pulumi-cli/install";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(90_000);

const PROGRAM = `name: yaml-host-check
runtime: yaml
config:
  greeting:
    type: string
    default: Hello
  apiToken:
    type: string
    secret: true
variables:
  kinds:
    fn::split: [",", "inbox,team,label"]
outputs:
  message: \${greeting}, \${pulumi.stack} from YAML
  kinds: \${kinds}
  second:
    fn::select: [1, "\${kinds}"]
  encoded:
    fn::toBase64: \${greeting}
  token: \${apiToken}
`;

realEngine.describeYaml("a Pulumi YAML program through `pulumi`", () => {
  let project: PulumiProject | undefined;
  afterAll(() => project?.dispose());

  test("`pulumi up` computes the outputs from the stack's config; the secret one stays secret; a second `up` changes nothing", async () => {
    const token = `token-${randomBytes(12).toString("hex")}`;
    project = new PulumiProject({ "Pulumi.yaml": PROGRAM });
    await project.init("dev", { config: { greeting: "Hola", apiToken: token }, secretKeys: ["apiToken"] });
    const up = await project.up();
    expectSuccess(up);
    expect(up.errors).toEqual([]);
    expect(await project.outputs()).toEqual({
      message: "Hola, dev from YAML",
      kinds: ["inbox", "team", "label"],
      second: "team",
      encoded: Buffer.from("Hola").toString("base64"),
      token: "[secret]",
    });
    const shown = JSON.parse((await project.ok(["stack", "output", "token", "--show-secrets", "--json"])).stdout) as unknown;
    expect(shown).toBe(token);
    expect(await project.exportText()).not.toContain(token);
    expectSuccess(await project.up("--expect-no-changes"));
  });

  test("the host the CLI ran is the one in .pulumi-cli/bin, with the version stamped into it", async () => {
    if (!project) throw new Error("the first test made no project");
    const about = JSON.parse((await project.ok(["about", "--json"])).stdout) as { plugins?: { name: string; version: string; kind: string }[] };
    const host = yamlHostBinary() as string;
    // A host linked from an installed Pulumi is of that Pulumi's version; a built one of the pin.
    const version = fs.lstatSync(host).isSymbolicLink() ? yamlHostVersion(host) : pinnedYamlVersion();
    expect(yamlHostVersion(host)).toBe(version);
    expect(about.plugins).toContainEqual({ kind: "language", name: "yaml", version: version ? version.replace(/^v/, "") : expect.any(String) });
  });
});
