/**
 * The Go export: the YAML program's model and settings printed as a Pulumi Go program on the
 * generated SDK, every value typed as the plugin's schema types its property. The field names are
 * the generated SDK's own (read from its source), and gofmt leaves the program as it is. That it
 * compiles and applies is the program tier's clone test (tests/program/clone-go.test.ts).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { buildModel } from "../../../sdk/clone/model";
import { declarationsOf } from "../../../sdk/clone/declarations";
import { goName } from "../../../sdk/clone/go-code";
import { goProjectFiles } from "../../../sdk/clone/go-project";
import { goProgramText } from "../../../sdk/clone/go-program";
import { RESOURCE_TYPES } from "../../../sdk/clone/resource-types";
import schema from "../../../provider/plugin/schema.json";
import { ACCOUNT, CREDENTIALS, FULL } from "./support/account";
import { snapshotOf, type RawAccount } from "./support/snapshot";

const SDK = path.resolve(__dirname, "../../../sdk/go/chatwoot");

/** The fields of every `XArgs` struct of the generated SDK, by X. */
function sdkArgs(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of fs.readdirSync(SDK).filter((f) => f.endsWith(".go"))) {
    const text = fs.readFileSync(path.join(SDK, file), "utf8");
    for (const [, name, body] of text.matchAll(/^type (\w+)Args struct \{\n([\s\S]*?)^\}/gm)) {
      found[name as string] = [...(body as string).matchAll(/^\t([A-Z]\w*) /gm)].map((m) => m[1] as string);
    }
  }
  return found;
}

const modelOf = (raw: RawAccount) => buildModel(snapshotOf(raw));

describe("the Go program", () => {
  test("Go names are the generated SDK's: every resource's and type's schema properties are its Args struct's fields", () => {
    const args = sdkArgs();
    const kinds = { ...(schema.resources as Record<string, { inputProperties?: object }>), ...(schema.types as Record<string, { properties?: object }>) };
    let checked = 0;
    for (const [token, kind] of Object.entries(kinds)) {
      const name = token.split(":")[2] as string;
      if (!args[name]) continue; // output-only types have no Args
      const properties = "inputProperties" in kind ? kind.inputProperties : "properties" in kind ? kind.properties : {};
      expect([name, Object.keys(properties ?? {}).map(goName).sort()]).toEqual([name, [...(args[name] ?? [])].sort()]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(Object.keys(schema.resources).length);
  });

  test("one constructor per declaration, by its resource name; values typed by the schema; references as outputs", () => {
    const model = modelOf(FULL);
    const text = goProgramText(model);
    expect([...text.matchAll(/chatwoot\.New\w+\(ctx, "([^"]+)"/g)].map((m) => m[1])).toEqual(declarationsOf(model).map((d) => d.resourceName));
    expect(text).toContain("\t\t\tAgentBotId: botTriage.ID(),\n");
    expect(text).toMatch(/^\t{3}Slug: +pulumi\.String\("help" \+ slugSuffix\),$/m);
    expect(text).toMatch(/^\t{3}CustomDomain: +pulumi\.String\(portalHelpDomain\),$/m);
    expect(text).toMatch(/^\t{3}AdoptId: +pulumi\.Int\(inboxMailId\),$/m);
    expect(text).toMatch(/^\t{5}ActionName: +pulumi\.String\("add_label"\),\n\t{5}ActionParams: pulumi\.Array\{labelVip\.Title\},$/m);
    expect(text).toContain("}, pulumi.RetainOnDelete(true))\n");
    // A resource nothing refers to has no variable (Go refuses unused ones).
    expect(text).toMatch(/\t\tif _, err := chatwoot\.NewCannedResponse\(ctx, "canned-response-hi", /);
    const lookUps = goProgramText(modelOf({ ...FULL, types: RESOURCE_TYPES.map((t) => t.sdkClass).filter((t) => t !== "Agent") }));
    expect(lookUps).toContain('\t\tagentBob := chatwoot.GetAgentsOutput(ctx, chatwoot.GetAgentsOutputArgs{Email: pulumi.String("bob@acme.test")}).Agents().Index(pulumi.Int(0)).Id()\n');
  });

  test("a map of an object type is the SDK's typed map of its Args (SAML settings' role mappings)", () => {
    const saml = { id: 1, sso_url: "https://idp.acme.test/sso", certificate: "PEM", idp_entity_id: "https://idp.acme.test", sp_entity_id: "x", role_mappings: { Admins: { role: 1 } } };
    const text = goProgramText(modelOf({ ...ACCOUNT, samlSettings: [saml] }));
    expect(text).toContain('\t\t\tRoleMappings: chatwoot.SamlRoleMappingMap{\n\t\t\t\t"Admins": chatwoot.SamlRoleMappingArgs{Role: pulumi.String("administrator")},\n');
  });

  (spawnSync("gofmt", ["--help"]).error ? test.skip : test)("gofmt leaves the program as it is", () => {
    for (const raw of [FULL, ACCOUNT]) {
      const text = goProgramText(modelOf(raw));
      expect(spawnSync("gofmt", [], { input: text, encoding: "utf8" }).stdout).toBe(text);
    }
  });

  test("what cannot be mapped is a comment where it is; no credential is written; the same account gives the same bytes", () => {
    expect(goProgramText(modelOf(ACCOUNT))).toContain("\t\t\t\t\t\tpulumi.Int(99), // team 99 is not a team of account 4\n");
    const model = modelOf(FULL);
    const files = goProjectFiles(model, "acme", "../pulumi-chatwoot/sdk/go/chatwoot");
    expect(files["go.mod"]).toContain("\nreplace github.com/pulumi-chatwoot/pulumi-chatwoot/sdk/go/chatwoot => ../pulumi-chatwoot/sdk/go/chatwoot\n");
    expect(files["README.md"]).toContain("npx pulumi-chatwoot export --language go --account-id 4 --out . --import-file import.json");
    for (const secret of CREDENTIALS) expect(Object.values(files).join("\n")).not.toContain(secret);
    const shuffled: RawAccount = Object.fromEntries(Object.entries(FULL).map(([k, v]) => [k, Array.isArray(v) ? [...v].reverse() : v]));
    expect(goProjectFiles(modelOf(shuffled))).toEqual(goProjectFiles(model));
  });
});
