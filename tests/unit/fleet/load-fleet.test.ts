/**
 * The fleet file's bad input: each mistake is reported with the file, the line that holds it (the
 * line marked `# <- here` in each case, never a number written in the test) and what is allowed,
 * before any stack is touched; a literal secret is refused without being repeated. And what a good
 * file resolves to: each member's stack config, the layers merged in order.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { FleetFileError } from "../../../sdk/fleet/fleet-file-error";
import { loadFleet } from "../../../sdk/fleet/load-fleet";
import { temporaryDir } from "../../harness/temp-dir";

const root = temporaryDir("fleet-file-");

const TEMPLATE = `name: customer
runtime:
  name: nodejs
  options:
    typescript: true
config:
  customerName:
    type: string
  pin:
    type: string
    secret: true
    default: ""
  locale:
    type: string
    default: en
  agents:
    type: array
    items:
      type: string
    default: []
`;

/** A template directory `name` under the temporary root with `pulumiYaml` as its Pulumi.yaml (none when undefined). */
function template(name: string, pulumiYaml: string | null = TEMPLATE): void {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  if (pulumiYaml !== null) fs.writeFileSync(path.join(dir, "Pulumi.yaml"), pulumiYaml);
}
template("template");
template("no-project", null);
template("dotnet", "name: customer\nruntime: dotnet\n");
template("no-config-block", "name: customer\nruntime: nodejs\n");

const GOOD = `template: ./template
installations:
  eu:
    url: https://chat-eu.example.com
    apiAccessToken: { fromEnv: EU_TOKEN }
    platformAccessToken: { fromEnv: EU_PLATFORM }
defaults:
  installation: eu
  account: new
members:
  - name: acme
    config:
      customerName: Acme
`;

let files = 0;
/** Writes `text` as a fleet file and loads it; the error's problems, or the fleet. */
function load(text: string) {
  const file = path.join(root, `fleet-${++files}.yaml`);
  fs.writeFileSync(file, text);
  try {
    return { fleet: loadFleet(file), file };
  } catch (err) {
    if (!(err instanceof FleetFileError)) throw err;
    return { problems: err.problems, file };
  }
}

/** The 1-based line of `text` holding the marker `# <- here`. */
const markedLine = (text: string) => text.split("\n").findIndex((line) => line.includes("# <- here")) + 1;

const CASES: { name: string; text: string; says: RegExp }[] = [
  {
    name: "an unknown top-level key",
    text: GOOD + "colour: blue # <- here\n",
    says: /colour: unknown key; allowed here: template, backend, secretsProvider, installations, defaults, groups, members$/,
  },
  {
    name: "an unknown key of a member",
    text: GOOD + "    accont: 3 # <- here\n",
    says: /members\[0\]\.accont: unknown key; allowed here: name, installation, account, groups, config$/,
  },
  {
    name: "a duplicate member",
    text: GOOD + "  - name: acme # <- here\n    config: { customerName: Acme 2 }\n",
    says: new RegExp(`members\\[1\\]\\.name: member "acme" is declared twice \\(first at line ${GOOD.split("\n").indexOf("  - name: acme") + 1}\\); member names are unique \\(each is a stack\\)$`),
  },
  {
    name: "an installation that is not declared",
    text: GOOD + "  - name: globex\n    installation: us # <- here\n    config: { customerName: Globex }\n",
    says: /members\[1\]\.installation: installation "us" is not declared; one of: eu$/,
  },
  {
    name: "a group that is not declared",
    text: GOOD + "    groups: [retail] # <- here\n",
    says: /members\[0\]\.groups\[0\]: group "retail" is not declared; one of: none/,
  },
  {
    name: "a missing template directory",
    text: GOOD.replace("template: ./template", "template: ./nowhere # <- here"),
    says: /template: the template directory .*nowhere does not exist$/,
  },
  {
    name: "a template directory that is no Pulumi project",
    text: GOOD.replace("template: ./template", "template: ./no-project # <- here"),
    says: /template: the template directory .*no-project has no Pulumi.yaml: it must be a Pulumi project$/,
  },
  {
    name: "a template of a runtime the fleet does not run",
    text: GOOD.replace("template: ./template", "template: ./dotnet # <- here"),
    says: /template: .*Pulumi.yaml:2: runtime "dotnet": a fleet's template runs on nodejs, yaml, python, go/,
  },
  {
    name: "a config key the template does not declare",
    text: GOOD + "      colour: blue # <- here\n",
    says: /members\[0\]\.config\.colour: the template does not declare colour in its Pulumi.yaml's config block; it declares: customerName, pin, locale, agents$/,
  },
  {
    name: "a value the template requires that a member lacks",
    text: GOOD.replace("    config:\n      customerName: Acme\n", "    config: {}\n").replace("  - name: acme", "  - name: acme # <- here"),
    says: /members\[0\]: member "acme" does not set customerName, which the template requires/,
  },
  {
    name: "the connection set as config",
    text: GOOD + "      chatwoot:url: https://elsewhere.example.com # <- here\n",
    says: /members\[0\]\.config\.chatwoot:url: chatwoot:url is set by the fleet from the installation's url; leave it out of config$/,
  },
  {
    name: "a secret the template declares, given as a literal",
    text: GOOD + "      pin: 1234 # <- here\n",
    says: /members\[0\]\.config\.pin: the template declares pin a secret: give \{ fromEnv: VARIABLE \} or \{ fromStackSecret: true \}, never the value$/,
  },
  {
    name: "a literal token",
    text: GOOD.replace("apiAccessToken: { fromEnv: EU_TOKEN }", "apiAccessToken: s3cr3t-t0k3n # <- here"),
    says: /installations\.eu\.apiAccessToken: a token is never written in the fleet file; give \{ fromEnv: VARIABLE \}/,
  },
  {
    name: "a literal credential among config values",
    text: GOOD.replace("defaults:\n", "defaults:\n  config:\n    hookApiKey: abc123 # <- here\n"),
    says: /defaults\.config\.hookApiKey: a secret \(hookApiKey\) is never written in the fleet file/,
  },
  {
    name: "a new account without a Platform App token",
    text: GOOD.replace("    platformAccessToken: { fromEnv: EU_PLATFORM }\n", "").replace("  account: new", "  account: new # <- here"),
    says: /defaults\.account: a new account is made through the Platform API: installation "eu" needs platformAccessToken$/,
  },
  {
    name: "an account that is neither an id nor new",
    text: GOOD + "    account: old # <- here\n",
    says: /members\[0\]\.account: an existing account's id \(a positive whole number\), or new \(the template makes it through PlatformAccount\)$/,
  },
  {
    name: "a backend URL with a password",
    text: GOOD + "backend: postgres://fleet:pw@127.0.0.1:5432/state # <- here\n",
    says: /backend: the URL holds a password, which the fleet file never does: leave it out and set it in PGPASSWORD$/,
  },
  {
    name: "a backend of no scheme Pulumi takes",
    text: GOOD + "backend: ftp://state.example.com # <- here\n",
    says: /backend: a Pulumi backend URL, one of file:\/\/, postgres:\/\//,
  },
  {
    name: "a key written twice",
    text: GOOD + "template: ./other # <- here\n",
    says: /Map keys must be unique/,
  },
  {
    name: "a member name that is no stack name",
    text: GOOD.replace("  - name: acme", "  - name: acme corp # <- here"),
    says: /members\[0\]\.name: a name has letters, digits, '-', '_' and '.'/,
  },
];

describe("a fleet file's mistakes are named with the file, the line and what is allowed", () => {
  test.each(CASES)("$name", ({ text, says }) => {
    const { problems, file } = load(text);
    expect(problems).toBeDefined();
    const line = markedLine(text);
    const found = (problems ?? []).find((p) => says.test(p));
    expect({ found, problems }).toEqual({ found: expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:${line}: `)), problems });
  });

  test("a literal token's value is never repeated in the message", () => {
    const text = GOOD.replace("apiAccessToken: { fromEnv: EU_TOKEN }", "apiAccessToken: s3cr3t-t0k3n");
    const { problems } = load(text);
    expect(problems?.join("\n")).not.toContain("s3cr3t-t0k3n");
    expect(problems).toHaveLength(1);
  });

  test("every problem is reported at once, in the order of their lines", () => {
    const text = GOOD.replace("template: ./template", "template: ./nowhere") + "  - name: acme\n    installation: us\n";
    const { problems } = load(text);
    expect(problems).toEqual([
      expect.stringMatching(/:1: template: the template directory .* does not exist$/),
      expect.stringMatching(new RegExp(`:${text.split("\n").length - 2}: members\\[1\\]\\.name: member "acme" is declared twice`)),
      expect.stringMatching(new RegExp(`:${text.split("\n").length - 1}: members\\[1\\]\\.installation: installation "us" is not declared`)),
    ]);
    const lines = (problems ?? []).map((p) => Number(/:(\d+): /.exec(p)?.[1]));
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  test("a template without a config block takes any key of its own", () => {
    const { fleet } = load(GOOD.replace("template: ./template", "template: ./no-config-block") + "      colour: blue\n");
    expect(fleet?.members[0]?.config.get("customer:colour")).toEqual({ kind: "plain", text: "blue" });
  });
});

describe("a member's stack config", () => {
  const text = `template: ./template
backend: file://./state
installations:
  eu:
    url: https://chat-eu.example.com/
    apiAccessToken: { fromStackSecret: true }
    platformAccessToken: { fromEnv: EU_PLATFORM }
    rateLimitPerMinute: 600
    config: { locale: fr, agents: [installation] }
defaults:
  account: new
  installation: eu
  config: { locale: en, customerName: Default }
groups:
  first: { config: { agents: [first] } }
  second: { config: { agents: [second], locale: it } }
members:
  - name: acme
    groups: [first, second]
    config: { pin: { fromEnv: ACME_PIN } }
  - name: globex
    account: 42
    config: { customerName: Globex, locale: es }
`;

  test("merges the defaults, the installation, the groups in order and the member's own, and adds the connection", () => {
    const { fleet, file } = load(text);
    expect(fleet?.backend).toBe(`file://${path.join(path.dirname(file), "state")}`);
    const config = (name: string) => Object.fromEntries(fleet?.members.find((m) => m.name === name)?.config ?? []);
    expect(config("acme")).toEqual({
      "customer:locale": { kind: "plain", text: "it" },
      "customer:customerName": { kind: "plain", text: "Default" },
      "customer:agents": { kind: "plain", text: '["second"]', object: ["second"] },
      "customer:pin": { kind: "env", env: "ACME_PIN" },
      "chatwoot:url": { kind: "plain", text: "https://chat-eu.example.com" },
      "chatwoot:rateLimitPerMinute": { kind: "plain", text: "600" },
      // The installation's token is the stack's own secret: kept, never set.
      "chatwoot:apiAccessToken": { kind: "stack" },
    });
    expect(config("globex")).toMatchObject({
      "customer:locale": { kind: "plain", text: "es" },
      "customer:agents": { kind: "plain", text: '["installation"]', object: ["installation"] },
      "chatwoot:accountId": { kind: "plain", text: "42" },
    });
    expect(fleet?.members.map((m) => [m.name, m.stack, m.account, m.installation.origin])).toEqual([
      ["acme", "acme", "new", "https://chat-eu.example.com"],
      ["globex", "globex", 42, "https://chat-eu.example.com"],
    ]);
  });

  test("the default backend is a folder beside the fleet file, named after it", () => {
    const { fleet, file } = load(GOOD);
    expect(fleet?.backend).toBe(`file://${file.replace(/\.yaml$/, ".state")}`);
  });
});
