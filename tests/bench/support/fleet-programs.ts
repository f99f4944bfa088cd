/**
 * The fleet as a user's program declares it, one program per front door, with the same names and
 * inputs in the same order: a Node.js program on the dynamic resources (`new chatwoot.<Kind>(name,
 * inputs)`), and a Pulumi YAML program on the native plugin's tokens (`type: chatwoot:index:<Kind>`),
 * which needs no generated SDK.
 */
import type { FleetMember } from "./workload";

/** A program's files by name. */
export type ProgramFiles = Record<string, string>;

/** The Node.js program: it reads the fleet from `fleet.json`, as a program reads its data. */
export function dynamicProgram(project: string, members: readonly FleetMember[]): ProgramFiles {
  return {
    "Pulumi.yaml": `name: ${project}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`,
    "index.js": `"use strict";
const chatwoot = require("pulumi-chatwoot");
for (const { kind, name, inputs } of require("./fleet.json")) new chatwoot[kind](name, inputs);
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
