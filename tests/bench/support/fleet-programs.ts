/**
 * The fleet as a user's program declares it, one program per front door, with the same names and
 * inputs in the same order: a Node.js program of the package's classes (`new chatwoot.<Kind>(name,
 * inputs)`), as dynamic resources or, with `chatwoot:usePlugin` and the plugin the package carries,
 * on the plugin; a Pulumi YAML program on the native plugin's tokens (`type: chatwoot:index:<Kind>`),
 * which needs no generated SDK; and the engine's floor, a Node.js program of dynamic resources
 * whose provider only echoes its inputs (no server, no package).
 */
import type { FleetMember } from "./workload";

/** A program's files by name. */
export type ProgramFiles = Record<string, string>;

const NODE_PROJECT = (project: string) => `name: ${project}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`;

/** The Node.js program: it reads the fleet from `fleet.json`, as a program reads its data; `onPlugin`: its resources on the plugin. */
export function classesProgram(project: string, members: readonly FleetMember[], onPlugin = false): ProgramFiles {
  // As docs/guides/two-doors.md says: the stack setting, and the plugin the installed package carries.
  const plugin = "config:\n  chatwoot:usePlugin: true\nplugins:\n  providers:\n    - name: chatwoot\n      path: node_modules/pulumi-chatwoot/provider/plugin\n";
  return {
    "Pulumi.yaml": `${NODE_PROJECT(project)}${onPlugin ? plugin : ""}`,
    "index.js": `"use strict";
const chatwoot = require("pulumi-chatwoot");
for (const { kind, name, inputs } of require("./fleet.json")) new chatwoot[kind](name, inputs);
`,
    "fleet.json": JSON.stringify(members),
  };
}

/**
 * The engine's floor: the same names and inputs through a dynamic provider that answers a create
 * with its inputs (and a fresh id) and has nothing else, so every other call is the host's default.
 */
export function floorProgram(project: string, members: readonly FleetMember[]): ProgramFiles {
  return {
    "Pulumi.yaml": NODE_PROJECT(project),
    "index.js": `"use strict";
const pulumi = require("@pulumi/pulumi");
// The module, not its function: Pulumi serializes a module it finds as a require() of it.
const crypto = require("node:crypto");
const echo = { create: async (inputs) => ({ id: crypto.randomUUID(), outs: inputs }) };
class Echo extends pulumi.dynamic.Resource {
  constructor(name, props) {
    super(echo, name, props, undefined, "floor", "Echo");
  }
}
for (const { name, inputs } of require("./fleet.json")) new Echo(name, { ...inputs });
`,
    "fleet.json": JSON.stringify(members),
  };
}

/**
 * The Pulumi YAML program: one resource per member, its inputs written as JSON (which YAML reads
 * as flow collections). Pulumi YAML reads `${` as an interpolation and `$$` as one `$`, so every
 * `$` of the text is doubled.
 */
export function nativeProgram(project: string, members: readonly FleetMember[]): ProgramFiles {
  const lines = [`name: ${project}`, "runtime: yaml", "resources:"];
  for (const { kind, name, inputs } of members) {
    lines.push(`  ${JSON.stringify(name)}:`, `    type: chatwoot:index:${kind}`, `    properties: ${JSON.stringify(escapeInterpolation(inputs))}`);
  }
  return { "Pulumi.yaml": `${lines.join("\n")}\n` };
}

function escapeInterpolation(value: unknown): unknown {
  // A function, not a replacement text, in which `$$` would stand for one `$`.
  if (typeof value === "string") return value.replaceAll("$", () => "$$");
  if (Array.isArray(value)) return value.map(escapeInterpolation);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeInterpolation(v)]));
  return value;
}
