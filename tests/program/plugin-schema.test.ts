/**
 * The plugin's schema as Pulumi's own tools take it: `pulumi schema check` binds the checked-in
 * schema.json without an error, and `pulumi package get-schema` of the plugin installed from its
 * tarball (the GetSchema RPC, through the engine) answers the same schema.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PulumiProject } from "../harness/pulumi-cli";
import { pluginTarball } from "../harness/plugin";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

const SCHEMA = path.join(pluginTarball.root, "provider/plugin/schema.json");

realEngine.describe("the plugin's schema through Pulumi's tools", () => {
  let project: PulumiProject;
  beforeAll(async () => {
    project = new PulumiProject({ "Pulumi.yaml": "name: schema-check\nruntime: yaml\n" });
    await project.installPlugin();
  });
  afterAll(() => project?.dispose());

  test("pulumi schema check accepts it", async () => {
    const check = await project.cli(["schema", "check", SCHEMA]);
    expectSuccess(check);
    expect(`${check.stdout}${check.stderr}`).not.toMatch(/error|warning/i);
  });

  test("the installed plugin serves the checked-in schema", async () => {
    const served = await project.ok(["package", "get-schema", `chatwoot@${pluginTarball.version}`]);
    expect(JSON.parse(served.stdout)).toEqual(JSON.parse(fs.readFileSync(SCHEMA, "utf8")));
  }, 60_000);
});
