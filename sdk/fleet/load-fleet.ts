/**
 * Reads and checks a fleet file, before any stack is touched: its YAML, its shape (./fleet-file.ts),
 * and what the shape cannot say: a literal token, a duplicate member, an installation or group that
 * is not declared, a template that is missing or runs on another runtime, a config key the
 * template does not declare or the connection sets, a value the template requires that a member
 * lacks. Every problem is reported at once, naming the file, the line and what is allowed
 * ({@link FleetFileError}); a value that could be a secret is never repeated.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { backendUrl } from "./backend";
import type { Fleet, FleetInstallation, FleetMember, StackValue } from "./fleet";
import { DEFAULT_RATE_LIMIT_PER_MINUTE, FleetFile, type ConfigMap, type ConfigValue } from "./fleet-file";
import { FleetFileError } from "./fleet-file-error";
import { fullKey, readTemplate, type TemplateProject } from "./template";
import { YamlSource, type LineProblem, type YamlPath } from "./yaml-source";
import { issueProblems, pathText } from "./zod-issues";

/** The token settings of an installation: never literal. */
const TOKEN_KEYS = ["apiAccessToken", "platformAccessToken"] as const;
/** Config keys whose values are credentials by their name: only a reference may give them. */
const CREDENTIAL_KEY = /token|secret|passw|api_?key|credential|private_?key/i;
/** The connection the fleet sets from the installation and the account: not a member's to set. */
const CONNECTION_KEYS: Record<string, string> = {
  "chatwoot:url": "the installation's url",
  "chatwoot:accountId": "the member's account",
  "chatwoot:apiAccessToken": "the installation's apiAccessToken",
  "chatwoot:platformAccessToken": "the installation's platformAccessToken",
  "chatwoot:rateLimitPerMinute": "the installation's rateLimitPerMinute",
};

/** The fleet of the file at `file`. @throws {FleetFileError} naming every problem. */
export function loadFleet(file: string): Fleet {
  const absolute = path.resolve(file);
  if (!fs.existsSync(absolute)) throw new FleetFileError([`${file}: no such fleet file`]);
  const source = YamlSource.parse(file, fs.readFileSync(absolute, "utf8"));
  if (!(source instanceof YamlSource)) throw new FleetFileError(source.map((p) => `${file}:${p.line}: ${p.message}`));
  const fail = (problems: LineProblem[]) => new FleetFileError(problems.sort((a, b) => a.line - b.line).map((p) => `${file}:${p.line}: ${p.message}`));

  // Literal secrets first: the shape's own message for them would not say why.
  const literals = literalSecrets(source);
  const literalPaths = new Set(literals.map((l) => l.path));
  const parsed = FleetFile.safeParse(source.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.filter((issue) => !literalPaths.has(pathText(issue.path as YamlPath)));
    throw fail([...literals, ...issueProblems(issues, source, FleetFile)]);
  }
  if (literals.length > 0) throw fail(literals);
  const spec = parsed.data;
  const problems: LineProblem[] = [];
  const at = (p: YamlPath, message: string) => problems.push({ line: source.lineOf(p), message: `${pathText(p)}: ${message}` });

  const template = readTemplate(path.resolve(path.dirname(absolute), spec.template));
  if (Array.isArray(template)) for (const reason of template) at(["template"], reason);
  const backend = backendUrl(spec.backend, absolute);
  if ("problem" in backend) problems.push({ line: source.lineOf(["backend"]), message: backend.problem });

  const installations = new Map<string, FleetInstallation>();
  for (const [name, inst] of Object.entries(spec.installations)) {
    installations.set(name, {
      name,
      url: inst.url.replace(/\/+$/, ""),
      origin: new URL(inst.url).origin,
      apiAccessToken: inst.apiAccessToken,
      platformAccessToken: inst.platformAccessToken,
      rateLimitPerMinute: inst.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
      line: source.keyLineOf(["installations"], name),
    });
  }
  if (installations.size === 0) at(["installations"], "no installation is declared; declare at least one (url, apiAccessToken)");
  const declaredInstallations = [...installations.keys()].join(", ") || "none";
  const groups = spec.groups ?? {};
  const project = Array.isArray(template) ? undefined : template;

  const seen = new Map<string, number>();
  const members: FleetMember[] = [];
  spec.members.forEach((member, i) => {
    const here: YamlPath = ["members", i];
    const first = seen.get(member.name);
    if (first !== undefined) at([...here, "name"], `member "${member.name}" is declared twice (first at line ${first}); member names are unique (each is a stack)`);
    seen.set(member.name, source.lineOf(here));
    const installationName = member.installation ?? spec.defaults?.installation;
    const installation = installationName === undefined ? undefined : installations.get(installationName);
    if (installationName === undefined) at(here, `member "${member.name}" names no installation and defaults.installation is not set; one of: ${declaredInstallations}`);
    else if (installation === undefined) at(member.installation === undefined ? ["defaults", "installation"] : [...here, "installation"], `installation "${installationName}" is not declared; one of: ${declaredInstallations}`);
    const account = member.account ?? spec.defaults?.account;
    if (account === undefined) at(here, `member "${member.name}" names no account and defaults.account is not set: give an account id, or new`);
    if (account === "new" && installation !== undefined && installation.platformAccessToken === undefined) {
      at(member.account === undefined ? ["defaults", "account"] : [...here, "account"], `a new account is made through the Platform API: installation "${installation.name}" needs platformAccessToken`);
    }
    for (const [g, group] of (member.groups ?? []).entries()) {
      if (!Object.hasOwn(groups, group)) at([...here, "groups", g], `group "${group}" is not declared; one of: ${Object.keys(groups).join(", ") || "none (declare groups: at the top level)"}`);
    }
    // Where each value comes from, the last one winning: defaults, installation, groups in order, the member.
    const layers: { path: YamlPath; map: ConfigMap | undefined }[] = [
      { path: ["defaults", "config"], map: spec.defaults?.config },
      { path: ["installations", installationName ?? "", "config"], map: installationName === undefined ? undefined : spec.installations[installationName]?.config },
      ...(member.groups ?? []).map((group) => ({ path: ["groups", group, "config"] as YamlPath, map: groups[group]?.config })),
      { path: [...here, "config"], map: member.config },
    ];
    const config = new Map<string, StackValue>();
    for (const layer of layers) {
      for (const [key, value] of Object.entries(layer.map ?? {})) {
        const full = project === undefined ? key : fullKey(project.name, key);
        const problem = project === undefined ? undefined : keyProblem(project, full, value);
        if (problem !== undefined) at([...layer.path, key], problem);
        else config.set(full, stackValue(value));
      }
    }
    if (project?.declared !== undefined) {
      for (const [key, declared] of project.declared) {
        if (!declared.optional && !key.includes(":") && !config.has(fullKey(project.name, key))) {
          at(here, `member "${member.name}" does not set ${key}, which the template requires (its Pulumi.yaml declares it without a default)`);
        }
      }
    }
    if (installation !== undefined && account !== undefined) {
      config.set("chatwoot:url", { kind: "plain", text: installation.url });
      if (account !== "new") config.set("chatwoot:accountId", { kind: "plain", text: String(account) });
      config.set("chatwoot:rateLimitPerMinute", { kind: "plain", text: String(installation.rateLimitPerMinute) });
      for (const key of TOKEN_KEYS) if (installation[key] !== undefined && "fromStackSecret" in installation[key]) config.set(`chatwoot:${key}`, { kind: "stack" });
      members.push({ name: member.name, stack: member.name, installation, account, config, line: source.lineOf(here) });
    }
  });
  if (problems.length > 0 || Array.isArray(template) || "problem" in backend) throw fail(problems);
  return { file: absolute, template, backend: backend.url, secretsProvider: spec.secretsProvider, installations, members };
}

/** Why `key` (full) cannot be set to `value` in a member's stack, if it cannot. */
function keyProblem(template: TemplateProject, key: string, value: ConfigValue): string | undefined {
  const connection = CONNECTION_KEYS[key];
  if (connection !== undefined) return `${key} is set by the fleet from ${connection}; leave it out of config`;
  const own = key.startsWith(`${template.name}:`) ? key.slice(template.name.length + 1) : undefined;
  const declared = own === undefined ? undefined : template.declared?.get(own);
  if (own !== undefined && template.declared !== undefined && declared === undefined) {
    const allowed = [...template.declared.keys()].filter((k) => !k.includes(":"));
    return `the template does not declare ${own} in its Pulumi.yaml's config block; it declares: ${allowed.join(", ") || "no key"}`;
  }
  if (declared?.secret && !isReference(value)) return `the template declares ${own} a secret: give { fromEnv: VARIABLE } or { fromStackSecret: true }, never the value`;
  return undefined;
}

function isReference(value: ConfigValue): value is { fromEnv: string } | { fromStackSecret: true } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && ("fromEnv" in value || "fromStackSecret" in value) && Object.keys(value).length === 1;
}

function stackValue(value: ConfigValue): StackValue {
  if (isReference(value)) return "fromEnv" in value ? { kind: "env", env: value.fromEnv } : { kind: "stack" };
  if (typeof value === "string") return { kind: "plain", text: value };
  if (typeof value === "object" && value !== null) return { kind: "plain", text: JSON.stringify(value), object: value };
  return { kind: "plain", text: String(value) };
}

/**
 * Secrets written into the file: a token of an installation, or a config value whose key names a
 * credential, given as a literal. Each is refused at its line, the value never repeated.
 */
function literalSecrets(source: YamlSource): (LineProblem & { path: string })[] {
  const doc = source.value as Record<string, unknown> | null;
  const found: (LineProblem & { path: string })[] = [];
  const refuse = (p: YamlPath, what: string) => found.push({ path: pathText(p), line: source.lineOf(p), message: `${pathText(p)}: ${what} is never written in the fleet file; give { fromEnv: VARIABLE } (an environment variable of the run) or { fromStackSecret: true } (a secret the member's stack holds)` });
  const literal = (value: unknown) => value !== undefined && value !== null && (typeof value !== "object" || Array.isArray(value));
  const mapsOf = (value: unknown): [string, Record<string, unknown>][] =>
    typeof value === "object" && value !== null && !Array.isArray(value) ? (Object.entries(value).filter(([, v]) => typeof v === "object" && v !== null) as [string, Record<string, unknown>][]) : [];
  const configAt = (p: YamlPath, config: unknown) => {
    for (const [key, value] of Object.entries(typeof config === "object" && config !== null && !Array.isArray(config) ? config : {})) {
      if (CREDENTIAL_KEY.test(key.split(":").pop() ?? key) && literal(value)) refuse([...p, key], `a secret (${key})`);
    }
  };
  for (const [name, inst] of mapsOf(doc?.installations)) {
    for (const key of TOKEN_KEYS) if (literal(inst[key])) refuse(["installations", name, key], "a token");
    configAt(["installations", name, "config"], inst.config);
  }
  configAt(["defaults", "config"], (doc?.defaults as Record<string, unknown> | undefined)?.config);
  for (const [name, group] of mapsOf(doc?.groups)) configAt(["groups", name, "config"], group.config);
  if (Array.isArray(doc?.members)) doc.members.forEach((m: unknown, i) => configAt(["members", i, "config"], (m as Record<string, unknown> | null)?.config));
  return found;
}
