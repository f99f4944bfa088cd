/**
 * The Python export: the YAML program's model and settings printed as a Pulumi Python program on
 * the generated SDK (`pulumi_chatwoot`). Python itself reads the program (its `ast` module), so the
 * checks are of what Python sees: every keyword argument is one the SDK's class declares (the SDK's
 * own source, read the same way), references are attributes of what the program declares.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { buildModel } from "../../../sdk/clone/model";
import { declarationsOf } from "../../../sdk/clone/declarations";
import { pythonName } from "../../../sdk/clone/python-code";
import { pythonProjectFiles } from "../../../sdk/clone/python-project";
import { pythonProgramText } from "../../../sdk/clone/python-program";
import { RESOURCE_TYPES } from "../../../sdk/clone/resource-types";
import schema from "../../../provider/plugin/schema.json";
import { ACCOUNT, CREDENTIALS, FULL } from "./support/account";
import { snapshotOf, type RawAccount } from "./support/snapshot";

const SDK = path.resolve(__dirname, "../../../sdk/python/pulumi_chatwoot");

/** Runs Python on a script; its JSON answer. */
function python<T>(script: string, input: string): T {
  const done = spawnSync("python3", ["-c", script], { input, encoding: "utf8" });
  if (done.status !== 0) throw new Error(`python3 failed:\n${done.stderr}`);
  return JSON.parse(done.stdout) as T;
}

/** What Python reads in a program: each `x = chatwoot.Type("name", kw=...)` with its variable, type, name and keywords. */
type Call = { variable: string; type: string; name: string; keywords: string[] };
const READ_PROGRAM = `
import ast, json, sys
calls = []
for node in ast.parse(sys.stdin.read()).body:
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute) \\
            and getattr(node.value.func.value, "id", None) == "chatwoot" and node.value.args:
        calls.append({"variable": node.targets[0].id, "type": node.value.func.attr, "name": node.value.args[0].value,
                      "keywords": [k.arg for k in node.value.keywords]})
print(json.dumps(calls))`;

/** The keyword parameters of each resource class's constructor in the generated SDK (its `*Args` class). */
const READ_SDK = `
import ast, json, os, sys
found = {}
root = sys.stdin.read()
for file in sorted(os.listdir(root)):
    if not file.endswith(".py"):
        continue
    for node in ast.parse(open(os.path.join(root, file)).read()).body:
        if isinstance(node, ast.ClassDef) and node.name.endswith("Args") and not node.name.endswith("ArgsDict"):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    found[node.name[:-4]] = [a.arg for a in item.args.kwonlyargs]
print(json.dumps(found))`;

const modelOf = (raw: RawAccount) => buildModel(snapshotOf(raw));
const hasPython = spawnSync("python3", ["--version"]).status === 0;

(hasPython ? describe : describe.skip)("the Python program", () => {
  const sdk = python<Record<string, string[]>>(READ_SDK, SDK);

  test("Python names are the generated SDK's: for every resource, its schema inputs are its constructor's keywords", () => {
    const resources = schema.resources as Record<string, { inputProperties?: Record<string, unknown> }>;
    for (const [token, resource] of Object.entries(resources)) {
      const type = token.split(":")[2] as string;
      expect([type, Object.keys(resource.inputProperties ?? {}).map(pythonName).sort()]).toEqual([type, [...(sdk[type] ?? [])].sort()]);
    }
  });

  test("one constructor per declaration, by its resource name, with keywords the SDK declares", () => {
    const model = modelOf(FULL);
    const calls = python<Call[]>(READ_PROGRAM, pythonProgramText(model));
    expect(calls.map((c) => c.name)).toEqual(declarationsOf(model).map((d) => d.resourceName));
    for (const call of calls) {
      const unknown = call.keywords.filter((k) => k !== "opts" && !(sdk[call.type] ?? []).includes(k));
      expect([call.name, unknown]).toEqual([call.name, []]);
    }
    expect(calls.find((c) => c.name === "agent-bob")?.keywords).toContain("opts");
  });

  test("references are attributes of what the program declares; settings and users are read by name", () => {
    const text = pythonProgramText(modelOf(FULL));
    const variables = new Set(python<Call[]>(READ_PROGRAM, text).map((c) => c.variable));
    expect(text).toContain("    agent_bot_id=bot_triage.id,\n");
    expect(text).toContain('    slug="help" + slug_suffix,\n');
    expect(text).toContain("    custom_domain=portal_help_domain,\n");
    expect(text).toContain("    adopt_id=inbox_mail_id,\n");
    expect(text).toContain('portal_help_domain = config.get("portalHelpDomain", "help.acme.test")\n');
    expect(text).toContain('inbox_mail_id = config.require_int("inboxMailId")\n');
    expect(text).toContain('"actionParams": [label_vip.title]');
    const roots = [...text.matchAll(/\b([a-z][a-z0-9_]*)\.(?:id|title|attribute_key)\b/g)].map((m) => m[1] as string);
    expect(roots.length).toBeGreaterThan(10);
    expect(roots.filter((r) => !variables.has(r))).toEqual([]);
    const lookUps = pythonProgramText(modelOf({ ...FULL, types: RESOURCE_TYPES.map((t) => t.sdkClass).filter((t) => t !== "Agent") }));
    expect(lookUps).toMatch(/^agent_bob = chatwoot\.get_agents_output\(email="bob@acme\.test"\)\.agents\[0\]\.id$/m);
  });

  test("what cannot be mapped is a comment where it is; the README names the language's dependencies", () => {
    const text = pythonProgramText(modelOf(ACCOUNT));
    expect(text).toContain("            99,  # team 99 is not a team of account 4\n");
    const readme = pythonProjectFiles(modelOf(FULL), "acme", "../pulumi-chatwoot/sdk/python")["README.md"] as string;
    expect(readme).toContain("npx pulumi-chatwoot export --language python --account-id 4 --out . --import-file import.json");
    expect(readme).toContain("`../pulumi-chatwoot/sdk/python`");
  });

  test("no credential is written, and the same account gives byte-identical files", () => {
    const model = modelOf(FULL);
    const files = Object.values(pythonProjectFiles(model)).join("\n");
    for (const secret of CREDENTIALS) expect(files).not.toContain(secret);
    const shuffled: RawAccount = Object.fromEntries(Object.entries(FULL).map(([k, v]) => [k, Array.isArray(v) ? [...v].reverse() : v]));
    expect(pythonProjectFiles(modelOf(shuffled))).toEqual(pythonProjectFiles(model));
  });
});
