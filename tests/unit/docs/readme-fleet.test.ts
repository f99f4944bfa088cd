/**
 * The README's fleet file, as written, is one the fleet command takes: read by its own loader
 * (sdk/fleet/load-fleet.ts) beside a template whose Pulumi.yaml declares what the README's comment
 * says it does. A key renamed in the fleet file's schema, or a member that no longer validates,
 * fails here.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { loadFleet } from "../../../sdk/fleet/load-fleet";
import { userDoc } from "../../harness/user-docs";

/** The YAML block under the README's "Fleets" heading. */
function readmeFleetFile(): string {
  const readme = userDoc("README.md");
  const section = readme.slice(readme.indexOf("\n## Fleets\n"));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("the README's Fleets section has no YAML block");
  return block;
}

test("the README's fleet file loads, naming its installation and both members", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-readme-fleet-"));
  try {
    fs.mkdirSync(path.join(dir, "template"));
    fs.writeFileSync(
      path.join(dir, "template", "Pulumi.yaml"),
      ["name: customer", "runtime:", "  name: nodejs", "  options:", "    typescript: true", "config:", "  customerName:", "    type: string", ""].join("\n"),
    );
    fs.writeFileSync(path.join(dir, "fleet.yaml"), readmeFleetFile());
    const fleet = loadFleet(path.join(dir, "fleet.yaml"));
    expect(fleet.members.map((m) => [m.name, m.installation.name, m.config.get("customer:customerName"), m.account])).toEqual([
      ["northwind", "eu", { kind: "plain", text: "Northwind Traders" }, 12],
      ["contoso", "eu", { kind: "plain", text: "Contoso" }, "new"],
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
