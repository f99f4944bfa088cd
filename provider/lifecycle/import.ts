/**
 * `pulumi import` (native plugin): the engine sends an id alone. The id names the object the way a
 * type's own id does, optionally with its account first (`42`, or `3/42` for account 3); the type
 * reads the object with it, and the inputs recorded for it are what the object holds of the
 * properties the type manages, made such that the program declaring them changes nothing: each
 * value `check` refuses is left out (a server's value a program cannot give), and so is each value
 * that `diff` would still see changed. An object that a create could not make from what it shows
 * (an inbox whose channel needs credentials no one can read) is recorded as taken over by its id,
 * where the type adopts by id (`adoptId`), so that the program the import prints checks as it is.
 */
import { connection } from "../config";
import type { CheckFailure } from "./check";
import type { Props } from "./json";

/** Where an imported object is: its id as the type's own, and the props `read` needs to find it. */
export interface ImportAddress {
  id: string;
  olds: Props;
}

/** An import id that does not fit the type, said as one sentence (the forms it takes). */
export class ImportIdError extends Error {
  constructor(importId: string, forms: readonly string[]) {
    super(`import id ${JSON.stringify(importId)} does not name one object: expected ${forms.map((f) => `"${f}"`).join(" or ")} (numbers)`);
    this.name = "ImportIdError";
  }
}

/** The id's parts, each a positive integer, when there are as many as one of `counts`; else `undefined`. */
export function idParts(importId: string, counts: readonly number[]): number[] | undefined {
  const parts = importId.split("/");
  if (!counts.includes(parts.length) || !parts.every((p) => /^[1-9]\d*$/.test(p))) return undefined;
  return parts.map(Number);
}

/** The account of an import id that leaves it out: `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). */
function defaultImportAccount(): number {
  const accountId = connection().accountId;
  if (accountId === undefined) {
    throw new Error("the import id names no account, and none is configured: give it as <accountId>/<id>, or set chatwoot:accountId (or CHATWOOT_ACCOUNT_ID)");
  }
  return accountId;
}

/**
 * The default address of an object: in an account (`<id>` or `<accountId>/<id>`), or of the
 * installation (`<id>`). `forms` are what a wrong id's error names (a type that reads the id as
 * another object's says so).
 */
export function defaultImportAddress(
  importId: string,
  account: "required" | "optional" | "none",
  forms: readonly string[] = account === "none" ? ["<id>"] : ["<id>", "<accountId>/<id>"],
): ImportAddress {
  if (account === "none") {
    const [id] = idParts(importId, [1]) ?? [];
    if (id === undefined) throw new ImportIdError(importId, forms);
    return { id: String(id), olds: {} };
  }
  const parts = idParts(importId, [1, 2]);
  if (!parts) throw new ImportIdError(importId, forms);
  const id = parts[parts.length - 1]!;
  return { id: String(id), olds: { accountId: parts.length === 2 ? parts[0] : defaultImportAccount() } };
}

/** The import ids of an inbox's one object of its kind (its assignment policy link, its survey template): the inbox's. */
export const INBOX_OBJECT_IMPORT_FORMS = ["<inboxId>", "<accountId>/<inboxId>"] as const;

/** Where the inbox's object an import id names is: its id `accountId/inboxId`, and the inbox in the inputs. */
export function inboxObjectImportAddress(importId: string): ImportAddress {
  const { id, olds } = defaultImportAddress(importId, "required", INBOX_OBJECT_IMPORT_FORMS);
  const accountId = olds.accountId as number;
  return { id: `${accountId}/${id}`, olds: { accountId, inboxId: Number(id) } };
}

/** Removes the value at a path (`["channel", "widgetColor"]`, `["workingHours", 3]`); `false` when there is none. */
function removeAt(root: Props, keys: readonly PropertyKey[]): boolean {
  if (keys.length === 0) return false;
  let parent: unknown = root;
  for (const key of keys.slice(0, -1)) {
    if (parent === null || typeof parent !== "object") return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  if (parent === null || typeof parent !== "object") return false;
  const last = keys[keys.length - 1]!;
  if (!(last in parent)) return false;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<PropertyKey, unknown>)[last];
  return true;
}

/** What {@link importedInputs} needs of the type. */
export interface ImportChecks {
  /** The input keys the type manages (no control keys, no credentials). */
  keys: readonly string[];
  /** The type's check. */
  check(news: Props): Promise<{ inputs: Props; failures?: CheckFailure[] }>;
  /** The properties whose checked inputs still differ from the outputs. */
  changed(outs: Props, checked: Props): string[];
  /** Where the type adopts an object by its id: the input (`adoptId`) and the object's id. */
  adoptById?: { key: string; id: number };
}

/**
 * The inputs to record for an imported object whose outputs are `outs` (see the file's comment).
 * A failure about a value the object does not show (a required credential, such as a user's
 * password) stays: the program must add it, and Pulumi's import says so.
 */
export async function importedInputs(outs: Props, type: ImportChecks): Promise<Props> {
  const shown: Props = {};
  for (const key of type.keys) if (outs[key] !== undefined && outs[key] !== null) shown[key] = structuredClone(outs[key]);
  const { inputs, failures } = await fitted(outs, shown, type);
  if (failures === 0 || !type.adoptById) return inputs;
  // What a create needs but the object does not show stays a failure; taken over by its id, it needs none of it.
  const adopted = await fitted(outs, { ...structuredClone(shown), [type.adoptById.key]: type.adoptById.id }, type);
  return adopted.failures === 0 ? adopted.inputs : inputs;
}

/** `inputs` fitted to check and diff (see {@link importedInputs}), and how many failures remain. */
async function fitted(outs: Props, inputs: Props, type: ImportChecks): Promise<{ inputs: Props; failures: number }> {
  // Each round leaves out what check refused (a value it cannot place is left out whole), then what diff still sees changed.
  for (let round = 0; round < 20; round++) {
    const { inputs: checked, failures = [] } = await type.check(inputs);
    // Where a failure is: its path (a nested place), else its property.
    const pathOf = (f: CheckFailure) => f.path ?? (f.property ? [f.property] : []);
    const removed = failures.filter((f) => removeAt(inputs, pathOf(f)) || (pathOf(f).length > 1 && removeAt(inputs, pathOf(f).slice(0, 1))));
    if (removed.length > 0) continue;
    const changed = type.changed(outs, failures.length === 0 ? checked : inputs).filter((key) => key in inputs && key !== type.adoptById?.key);
    if (changed.length === 0) return { inputs, failures: failures.length };
    for (const key of changed) delete inputs[key];
  }
  throw new Error("the object's values could not be made into inputs that check accepts");
}
