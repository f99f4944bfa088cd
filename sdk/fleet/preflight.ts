/**
 * What a run needs from its environment, checked before any stack is touched: every environment
 * variable the selected members' references name (their installations' tokens, their secrets),
 * and the passphrase of the default secrets provider on a backend other than Pulumi Cloud. Each
 * missing one is named with the fleet file's line that asks for it; values are never shown.
 */
import * as path from "node:path";
import type { Fleet, FleetMember } from "./fleet";

/** The problems, as `FILE:LINE: ...` lines; empty when the run can start. */
export function environmentProblems(fleet: Fleet, members: readonly FleetMember[], env: NodeJS.ProcessEnv = process.env): string[] {
  const file = path.relative(process.cwd(), fleet.file) || fleet.file;
  const problems = new Set<string>();
  const unset = (name: string) => env[name] === undefined || env[name] === "";
  for (const member of members) {
    const { installation } = member;
    for (const key of ["apiAccessToken", "platformAccessToken"] as const) {
      const ref = installation[key];
      if (ref !== undefined && "fromEnv" in ref && unset(ref.fromEnv)) {
        problems.add(`${file}:${installation.line}: installations.${installation.name}.${key}: environment variable ${ref.fromEnv} is not set`);
      }
    }
    for (const [key, value] of member.config) {
      if (value.kind === "env" && unset(value.env)) problems.add(`${file}:${member.line}: member "${member.name}": ${key} comes from environment variable ${value.env}, which is not set`);
    }
  }
  const cloud = /^https?:\/\//.test(fleet.backend);
  const passphrase = fleet.secretsProvider === undefined || fleet.secretsProvider === "passphrase" || fleet.secretsProvider === "default";
  if (!cloud && passphrase && env.PULUMI_CONFIG_PASSPHRASE === undefined && env.PULUMI_CONFIG_PASSPHRASE_FILE === undefined) {
    problems.add(
      `${file}: the stacks' secrets are encrypted with a passphrase (the default secrets provider of a ${fleet.backend.split(":")[0]} backend): set PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE, or name another secretsProvider`,
    );
  }
  return [...problems];
}
