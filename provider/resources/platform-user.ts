import { z } from "zod";
import { UNKNOWN } from "../diff/diff";
import { isRecord } from "../diff/normalize/coerce";
import { registerSecret } from "../http/redaction/secrets";
import { ChatwootApiError } from "../http/transport/errors";
import { markAdopted } from "../lifecycle/adopt";
import { call, unlessNotFound } from "../lifecycle/api";
import { defineCollectionResource, type ObjectApi } from "../lifecycle/collection";
import { digestMatches, digestOf, isDigest } from "../lifecycle/credential-digest";
import type { Props } from "../lifecycle/json";
import { email, lineText, name, objectId, oneLine } from "../validation/fields";
import { single } from "../wire/envelope";
import { PlatformUserWire } from "../wire/platform";

/** Devise's password length as Chatwoot configures it. */
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;
/** devise-secure_password's special characters. */
const SPECIAL = /[!@#$%^&*()_+\-=[\]{}|'"/\\.,`<>:;?~]/;

/** A password Chatwoot accepts. Messages never quote the value. */
const password = z
  .string({ error: "must be text (a secret)" })
  .superRefine(oneLine(PASSWORD_MAX))
  .superRefine((v, ctx) => {
    const missing = [
      [/[A-Z]/, "an upper-case letter"],
      [/[a-z]/, "a lower-case letter"],
      [/[0-9]/, "a digit"],
      [SPECIAL, "a special character (!@#$%^&*()_+-=[]{}|' and the like)"],
    ].flatMap(([rule, what]) => ((rule as RegExp).test(v) ? [] : [what as string]));
    if ([...v].length < PASSWORD_MIN) ctx.addIssue({ code: "custom", message: `must be at least ${PASSWORD_MIN} characters (Chatwoot's rule)` });
    if (missing.length > 0) ctx.addIssue({ code: "custom", message: `must contain ${missing.join(", ")} (Chatwoot's rule)` });
  });

/** The checks of `PlatformUserArgs` (sdk/platform-user.ts, where each argument is documented). */
export const PlatformUserInputs = z.strictObject({
  name,
  email,
  password,
  displayName: lineText.optional(),
  customAttributes: z.record(z.string(), z.json(), { error: "must be an object of JSON values" }).optional(),
  adoptId: objectId.optional(),
});
export type PlatformUserInputs = z.input<typeof PlatformUserInputs>;
type Inputs = z.output<typeof PlatformUserInputs>;

/** The custom attributes the program names (Chatwoot merges them, so others are never removed), or all of them. */
function namedAttributes(declared: unknown, held: unknown): Props {
  const server = isRecord(held) ? held : {};
  if (!isRecord(declared)) return server;
  return Object.fromEntries(Object.keys(declared).sort().map((key) => [key, server[key] ?? null]));
}

/** The password output: a digest of the one given (never the password), or the digest already held. */
function passwordDigest(value: unknown): string | null {
  if (isDigest(value)) return value;
  return typeof value === "string" ? digestOf(value) : null;
}

/** Complete outputs, the user's access token among them (a secret output); the pubsub token the view carries is left out. */
function outputs(base: Props, user: PlatformUserWire): Props {
  return {
    ...base,
    name: user.name,
    email: user.email,
    displayName: user.display_name,
    customAttributes: namedAttributes(base.customAttributes, user.custom_attributes),
    password: passwordDigest(base.password),
    confirmed: user.confirmed ?? null,
    availableName: user.available_name,
    accessToken: user.access_token ?? null,
  };
}

/**
 * Why the answer to a create is a user that existed before, or `undefined`. Chatwoot answers a
 * create for an address in use with that user, unchanged: its memberships, name or attributes then
 * differ from what was sent. (A user of the same name and attributes in no account cannot be told
 * from a new one; a create sent again after a lost answer finds its own user that way.)
 */
function existedBefore(inputs: Inputs, user: PlatformUserWire): string | undefined {
  if ((user.accounts?.length ?? 0) > 0) return `it belongs to ${user.accounts!.length} account(s)`;
  if (user.name !== inputs.name) return "its name is not the one sent";
  if ((user.display_name ?? null) !== (inputs.displayName ?? null)) return "its display name is not the one sent";
  const held = isRecord(user.custom_attributes) ? user.custom_attributes : {};
  const sent = inputs.customAttributes ?? {};
  if (Object.keys(held).length !== Object.keys(sent).length || Object.entries(sent).some(([k, v]) => JSON.stringify(held[k]) !== JSON.stringify(v))) {
    return "its custom attributes are not the ones sent";
  }
  if (isRecord(user.ui_settings) && Object.keys(user.ui_settings).length > 0) return "it has dashboard settings";
  return undefined;
}

/** The POST, refusing the answer Chatwoot gives for an address in use: a user that existed before (see existedBefore). */
async function postUser(rest: ObjectApi<Inputs, PlatformUserWire>, inputs: Inputs): Promise<PlatformUserWire> {
  let user: PlatformUserWire;
  try {
    user = await rest.post(inputs);
  } catch (err) {
    if (!ChatwootApiError.isInstance(err) || err.writeOutcome !== "applied") throw err;
    // Applied, its answer unreadable: the address now names the user it made, which the same POST answers.
    user = await rest.post(inputs);
  }
  const why = existedBefore(inputs, user);
  if (why === undefined) return user;
  throw new Error(
    `POST /platform/api/v1/users: ${inputs.email} is the address of user ${user.id}, who existed before (${why}). Chatwoot answers a create for an ` +
      "address in use with that user, unchanged (its name and password were not set), and lets this Platform App manage it from now on. It was " +
      `not taken as this resource: to manage that user, set adoptId: ${user.id}`,
  );
}

/**
 * A user of the installation, made through the Platform API (`/platform/api/v1/users`,
 * `chatwoot:platformAccessToken`), confirmed at once and with the given password; id: the user id.
 * The password is a secret input whose digest alone reaches outputs and state. E-mail addresses are
 * unique in the installation, and Chatwoot answers a create for an address in use with that user:
 * such an answer is refused (the user is not this resource's), pointing to `adoptId`.
 */
export const platformUser = defineCollectionResource({
  inputs: PlatformUserInputs,
  wire: PlatformUserWire,
  noun: "user",
  at: { path: "users", show: "member", area: "platform", account: "none" },
  adoption: {
    byId: {
      async find(inputs, id, at) {
        try {
          const user = await unlessNotFound(() => call(single(PlatformUserWire), { method: "GET", path: at.member(inputs, id) }));
          return user ?? `the installation has no user ${id}`;
        } catch (err) {
          if (!ChatwootApiError.isInstance(err) || err.status !== 401) throw err;
          return "this Platform App may not manage that user: a Platform App reaches only the users it made (or was granted)";
        }
      },
      refuse: (inputs, user) => (user.email?.toLowerCase() === inputs.email ? undefined : `user ${user.id} has another e-mail address than ${inputs.email}`),
      // The password cannot be read: adoption sends it.
      current: (inputs, user) => markAdopted({ ...outputs({ ...inputs, password: undefined }, user), password: null }),
    },
  },
  content: {
    credentialKeys: ["password"],
    normalizers: {
      email: (v) => (typeof v === "string" ? v.toLowerCase() : (v ?? null)),
      // Whether the other side holds the given password (the program's own value, or a digest of it).
      password: (v, desired) => v === desired || digestMatches(v, desired),
      customAttributes: (v, desired) => namedAttributes(desired, v),
    },
    outputs,
  },
  hooks: {
    async prepare(inputs) {
      if (inputs.password !== UNKNOWN) registerSecret(inputs.password);
      return { inputs, failures: [] };
    },
    api: (rest) => ({
      // There is no users index; a create sent again answers the user the first one made (see existedBefore).
      list: async () => [],
      post: (inputs) => postUser(rest, inputs),
    }),
  },
});
