/**
 * The file `pulumi import --file` reads to adopt an exported account into a stack in one command:
 * each resource of the YAML program (./declarations.ts: the links resources too) by its type
 * token, its name in the program and the id the native plugin's import takes. The ids leave the
 * account out: the plugin reads each object in the stack's `chatwoot:accountId`, the account the
 * program's resources are in, so a stack configured for another account fails the import (Chatwoot's
 * ids are unique across an installation) rather than adopting objects its program does not manage.
 */
import { declarationsOf } from "./declarations";
import type { AccountModel, ModelObject } from "./model";
import { pluginToken } from "../../provider/plugin/naming";

/** One resource to import, in Pulumi's import file format. */
export interface ImportEntry {
  type: string;
  name: string;
  id: string;
}

/**
 * The import id of an object: its id in the exported account, which for a membership is its inbox's
 * or team's and for the account's settings the account's; a bot of its account's API is imported
 * as such (`account/<id>`), the others as Platform bots.
 */
function importId(object: ModelObject): string {
  if (object.type === "AgentBot" && object.inputs.scope === "account") return `account/${object.id}`;
  return String(object.id);
}

/** The resources of the program exported from `model`, in declaration order. */
export function importEntries(model: AccountModel): ImportEntry[] {
  return declarationsOf(model).map(({ object, resourceName }) => ({ type: pluginToken(object.type), name: resourceName, id: importId(object) }));
}

/** The import file's text (JSON, one resource per entry, in declaration order). */
export function importFileText(model: AccountModel): string {
  return `${JSON.stringify({ resources: importEntries(model) }, null, 2)}\n`;
}
