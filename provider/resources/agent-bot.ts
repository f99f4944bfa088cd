import { z } from "zod";
import { UNKNOWN } from "../diff/diff";
import type { ApiRequest } from "../http/transport/client";
import { markAdopted } from "../lifecycle/adopt";
import { call, unlessNotFound } from "../lifecycle/api";
import type { CheckFailure } from "../lifecycle/check";
import { defaultImportAddress, ImportIdError } from "../lifecycle/import";
import { defineCollectionResource, type CollectionPaths } from "../lifecycle/collection";
import type { Props } from "../lifecycle/json";
import { outputsOf, pick } from "../lifecycle/outputs";
import { toWire } from "../mapping";
import { list, single } from "../wire/envelope";
import { AvatarFileError, readAvatarFile, type AvatarFile } from "../validation/avatar-file";
import { accountId, httpUrl, name, objectId, text } from "../validation/fields";
import { AgentBotWire, BOT_OUTPUT_DEFAULTS } from "../wire/agent-bot";

/** Extensions of files that are certainly not the JPEG or PNG image `avatar_url` must point at. */
const NOT_JPEG_OR_PNG = /\.(gif|webp|svg|bmp|tiff?|ico|heic|heif|avif|pdf)$/i;

function urlPathname(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Where a bot is managed: the Platform API (the default, as before scopes existed) or its account's API. */
const SCOPES = ["platform", "account"] as const;

/** The checks of `AgentBotArgs` (sdk/agent-bot.ts, where each argument is documented). */
export const AgentBotInputs = z
  .strictObject({
    name,
    description: text.optional(),
    outgoingUrl: httpUrl.optional(),
    accountId: accountId.nullable().optional(),
    avatarUrl: httpUrl
      .refine((v) => !NOT_JPEG_OR_PNG.test(urlPathname(v)), "must point at a JPEG or PNG image (Chatwoot downloads only those)")
      .optional(),
    avatar: z.string().trim().min(1, "must be the path of an image file").optional(),
    adoptId: objectId.optional(),
    scope: z.enum(SCOPES, { error: `must be one of ${SCOPES.join(", ")}` }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.avatar !== undefined && v.avatarUrl !== undefined) {
      ctx.addIssue({ code: "custom", path: ["avatar"], message: "give either avatar (a local file) or avatarUrl, not both" });
    }
    if (v.scope === "account" && (v.accountId === null || v.accountId === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["accountId"],
        message: "required with scope \"account\" (a bot of the account API belongs to one account; a system bot needs scope \"platform\")",
      });
    }
  });
export type AgentBotInputs = z.input<typeof AgentBotInputs>;
type Inputs = z.output<typeof AgentBotInputs> & { avatarSha256?: string };


/** Inputs the API takes as fields (the avatar file goes as a multipart part of its own); the account API takes no account. */
const fieldKeys = (props: Props) =>
  isAccountBot(props) ? (["name", "description", "outgoingUrl", "avatarUrl"] as const) : (["name", "description", "outgoingUrl", "accountId", "avatarUrl"] as const);

/** A bot of its account's API (`scope: "account"`); state written before scopes existed holds Platform bots. */
const isAccountBot = (props: Props) => props.scope === "account";

/**
 * Servers before Chatwoot PR #13827 (March 2026) echo the bot's name as `outgoing_url`; such an
 * echo says nothing about the stored URL.
 */
const echoesName = (bot: AgentBotWire) => bot.outgoing_url != null && bot.outgoing_url === bot.name;

/**
 * Complete outputs: `base` overlaid with the server's fields. When an older server echoes the name
 * as the outgoing URL, the URL last sent (in `base`) is kept: the echo is a known server bug, and
 * showing it would make every refresh report drift that no PATCH can repair. (The price: on those
 * servers an outgoing URL changed out of band is not seen.)
 */
export function botOutputs(base: Props, bot: AgentBotWire): Props {
  const outs: Props = { ...BOT_OUTPUT_DEFAULTS, ...outputsOf(base, bot) };
  if (echoesName(bot) && typeof base.outgoingUrl === "string" && base.outgoingUrl !== bot.outgoing_url) outs.outgoingUrl = base.outgoingUrl;
  return outs;
}

/** A write of `props` (camelCase); multipart when an avatar file goes along, JSON otherwise. */
function writeRequest(method: "POST" | "PATCH", path: string, props: Props, avatar?: AvatarFile): ApiRequest {
  const fields = toWire(props) as Record<string, unknown>;
  if (!avatar) return { method, path, json: fields };
  const form = new FormData();
  // Form fields have no null: an empty value is what Rails casts to nil for account_id (and stores as "" for text).
  for (const [key, value] of Object.entries(fields)) form.append(key, value === null ? "" : String(value));
  form.append("avatar", new Blob([avatar.data], { type: avatar.type }), avatar.filename);
  return { method, path, form };
}

const readAvatar = (inputs: Inputs) => (inputs.avatar === undefined ? Promise.resolve(undefined) : readAvatarFile(inputs.avatar));

/**
 * Whether a bot is what a create with these inputs makes: bots have no natural key, so it is one
 * with the sent name, description, outgoing URL and account. An identical bot can be someone
 * else's (made by hand, or by another stack with the same Platform App), so create recovery takes
 * only one that is new since the POST (see `createOnce`), never an older one.
 */
function sameBot(inputs: Inputs, b: AgentBotWire): boolean {
  const sent = (v: unknown) => v ?? null;
  return (
    sent(b.name) === inputs.name &&
    sent(b.description) === sent(inputs.description) &&
    sent(b.account_id) === sent(inputs.accountId) &&
    (sent(b.outgoing_url) === sent(inputs.outgoingUrl) || echoesName(b))
  );
}

/** The bot to adopt: a Platform App sees only its own bots; the account API shows the account's and system bots. */
async function findBot(inputs: Inputs, id: number, at: CollectionPaths): Promise<AgentBotWire | string> {
  if (isAccountBot(inputs)) {
    const bot = await unlessNotFound(() => call(single(AgentBotWire), { method: "GET", path: at.member(inputs, id) }));
    return bot ?? `account ${inputs.accountId} has no agent bot ${id}`;
  }
  const visible = (await call(list(AgentBotWire), { method: "GET", path: at.collection(inputs) })).find((b) => b.id === id);
  return (
    visible ??
    "this Platform App sees no agent bot with that id. A Platform App only sees the bots it created itself (or was granted in the " +
      "Rails console); bots made in the dashboard or by another app cannot be adopted with this token (scope \"account\" can: an " +
      "administrator's token reaches every bot of the account)"
  );
}

/** How `pulumi import` names a bot of its account's API (`account/<id>`); the other forms name a Platform bot. */
const ACCOUNT_PREFIX = "account/";
const IMPORT_FORMS = ["<id>", "<accountId>/<id>", "account/<id>", "account/<accountId>/<id>"];

/** Where the object an import id names is: `account/...` names a bot of its account's API, the other forms a Platform bot. */
async function importAddress(importId: string) {
  try {
    if (!importId.startsWith(ACCOUNT_PREFIX)) return defaultImportAddress(importId, "optional");
    const { id, olds } = defaultImportAddress(importId.slice(ACCOUNT_PREFIX.length), "required");
    return { id, olds: { ...olds, scope: "account" } };
  } catch (err) {
    throw err instanceof ImportIdError ? new ImportIdError(importId, IMPORT_FORMS) : err;
  }
}

/** The local check of an avatar file: its digest (compared, so a new image is sent), or the failure naming it. */
async function withAvatarDigest(inputs: Inputs): Promise<{ inputs: Props; failures: CheckFailure[] }> {
  if (inputs.avatar === undefined) return { inputs, failures: [] };
  if (inputs.avatar === UNKNOWN) return { inputs: { ...inputs, avatarSha256: UNKNOWN }, failures: [] };
  try {
    return { inputs: { ...inputs, avatarSha256: (await readAvatarFile(inputs.avatar)).sha256 }, failures: [] };
  } catch (err) {
    if (!(err instanceof AvatarFileError)) throw err;
    const failure: CheckFailure = { property: "avatar", reason: err.message };
    return { inputs, failures: [failure] };
  }
}

/**
 * A Chatwoot agent bot; id: the bot id. By default managed through the Platform API
 * (`/platform/api/v1/agent_bots`) with `chatwoot:platformAccessToken`; with `scope: "account"`
 * through its account's API (`/api/v1/accounts/{id}/agent_bots`) with an administrator's token.
 * No natural key: taken over with `adoptId`.
 */
export const agentBot = defineCollectionResource({
  inputs: AgentBotInputs,
  wire: AgentBotWire,
  noun: "agent bot",
  at: {
    path: "agent_bots",
    show: "member",
    // An account's list shows the installation's system bots too.
    inNewAccounts: true,
    area: (props) => (isAccountBot(props) ? "account" : "platform"),
    account: "optional",
    // The id does not say which API a bot is managed through: a bot of its account's API is imported as such by `account/<id>`.
    importForms: IMPORT_FORMS,
    importAddress,
  },
  adoption: {
    sameContent: sameBot,
    byId: {
      find: findBot,
      refuse: (inputs, bot) =>
        isAccountBot(inputs) && bot.account_id == null
          ? "a system bot belongs to no account, so the account API cannot change it; manage it with scope \"platform\""
          : undefined,
      current(inputs, bot) {
        // What the server is known to hold: avatars are never echoed (so a declared one is always
        // sent), and an old server's outgoing_url echo is no value.
        const { avatar: _a, avatarUrl: _u, avatarSha256: _s, outgoingUrl: _o, ...known } = inputs as Inputs;
        return markAdopted({ ...botOutputs(known, bot), avatarUrl: null, avatarSha256: null });
      },
    },
  },
  content: {
    // Where the bot is managed is the provider's to know; changing it means another object.
    stateOnlyKeys: ["scope"],
    replaceOn: ["scope"],
    derivedKeys: ["avatarSha256"],
    normalizers: {
      // Multipart uploads cannot send null, so a cleared description may come back as "".
      description: (v) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null)),
      // State written before scopes existed holds no scope: those are Platform bots.
      scope: (v) => v ?? "platform",
    },
    outputs: botOutputs,
  },
  hooks: {
    prepare: withAvatarDigest,
    api: (_rest, at) => ({
      post: async (inputs) =>
        call(single(AgentBotWire), writeRequest("POST", at.collection(inputs), pick(inputs, fieldKeys(inputs)), await readAvatar(inputs))),
      async patch(inputs, id, keys) {
        // The image goes along only when its content changed.
        const avatar = keys.includes("avatarSha256") ? await readAvatar(inputs) : undefined;
        const fields = fieldKeys(inputs).filter((k) => keys.includes(k));
        // A new path to the same image (only `avatar` changed): nothing to send, the state learns the path.
        if (fields.length === 0 && !avatar) return call(single(AgentBotWire), { method: "GET", path: at.member(inputs, id) });
        return call(single(AgentBotWire), writeRequest("PATCH", at.member(inputs, id), pick(inputs, fields), avatar));
      },
    }),
  },
});
