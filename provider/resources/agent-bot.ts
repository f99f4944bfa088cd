import { z } from "zod";
import { planDiff, UNKNOWN } from "../diff/diff";
import type { ApiRequest } from "../http/transport/client";
import { markAdopted } from "../lifecycle/adopt";
import { call, deleteIgnoringNotFound, unlessNotFound, writeThenRead } from "../lifecycle/api";
import type { CheckFailure } from "../lifecycle/check";
import { createOnce } from "../lifecycle/create-once";
import type { Props } from "../lifecycle/json";
import { outputsOf, pick } from "../lifecycle/outputs";
import { PartialCreateError } from "../lifecycle/partial-create";
import { defineResource } from "../lifecycle/resource";
import { toWire } from "../mapping";
import { credential } from "../wire/credential";
import { enumName, list, single } from "../wire/envelope";
import { platformPath } from "../wire/paths";
import { AvatarFileError, readAvatarFile, type AvatarFile } from "./avatar-file";
import { accountId, httpUrl, name, objectId, text } from "./fields";

/** Extensions of files that are certainly not the JPEG or PNG image `avatar_url` must point at. */
const NOT_JPEG_OR_PNG = /\.(gif|webp|svg|bmp|tiff?|ico|heic|heif|avif|pdf)$/i;

function urlPathname(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export const AgentBotInputs = z
  .strictObject({
    /** Name shown to agents and contacts: one line, at most 255 characters. */
    name,
    /** What the bot does, shown to agents (at most 10,000 characters). `null` clears it. */
    description: text.optional(),
    /**
     * Webhook URL Chatwoot sends conversation events to (http or https, at most 2048 characters:
     * Chatwoot's `Limits::URL_LENGTH_LIMIT`).
     */
    outgoingUrl: httpUrl.optional(),
    /**
     * Account the bot belongs to. Defaults to `chatwoot:accountId`; `null` makes a system bot,
     * available to every account. Changing it moves the bot in place.
     */
    accountId: accountId.nullable().optional(),
    /**
     * URL of a JPEG or PNG image Chatwoot downloads (in the background) as the bot's avatar.
     * Not together with `avatar`.
     */
    avatarUrl: httpUrl
      .refine((v) => !NOT_JPEG_OR_PNG.test(urlPathname(v)), "must point at a JPEG or PNG image (Chatwoot downloads only those)")
      .optional(),
    /**
     * Path of a local PNG, JPEG, GIF or WebP image (at most 15 MB) uploaded as the bot's avatar.
     * It is uploaded again only when the file's content changes. Not together with `avatarUrl`.
     * (Older Chatwoot servers refuse WebP avatars with "Avatar filetype not supported".)
     */
    avatar: z.string().trim().min(1, "must be the path of an image file").optional(),
    /**
     * Id of an existing bot to take over instead of creating one. The bot must have been created
     * by this Platform App (an app sees only its own bots).
     */
    adoptId: objectId.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.avatar !== undefined && v.avatarUrl !== undefined) {
      ctx.addIssue({ code: "custom", path: ["avatar"], message: "give either avatar (a local file) or avatarUrl, not both" });
    }
  });
export type AgentBotInputs = z.input<typeof AgentBotInputs>;
type Inputs = z.output<typeof AgentBotInputs> & { avatarSha256?: string };

/**
 * A bot as the Platform API sends it. Real servers send only id, name, description, outgoing_url
 * and account_id; the spec documents the rest. Absent fields stay absent here, so that outputs
 * keep what an earlier answer said (e.g. an access token only some endpoints echo).
 */
export const AgentBotWire = z.object({
  id: z.number().int(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  outgoing_url: z.string().nullish(),
  account_id: z.number().int().nullish(),
  thumbnail: z.string().nullish(),
  bot_type: enumName(["webhook"]).nullish(),
  bot_config: z.unknown().optional(),
  access_token: credential(z.string()).nullish(),
  system_bot: z.boolean().nullish(),
});
export type AgentBotWire = z.output<typeof AgentBotWire>;

/** Every output a bot has besides its inputs; `null` until a server sends a value. */
export const BOT_OUTPUT_DEFAULTS = {
  name: null,
  description: null,
  outgoingUrl: null,
  accountId: null,
  thumbnail: null,
  botType: null,
  botConfig: null,
  accessToken: null,
  systemBot: null,
} as const;
const SERVER_ONLY_KEYS = ["thumbnail", "botType", "botConfig", "accessToken", "systemBot"] as const;

/** Inputs the API takes as fields (the avatar file goes as a multipart part of its own). */
const FIELD_KEYS = ["name", "description", "outgoingUrl", "accountId", "avatarUrl"] as const;
/** Inputs the server echoes, which adoption compares. */
const ECHOED_KEYS = ["name", "description", "outgoingUrl", "accountId"] as const;

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

const withAvatar = (outs: Props, avatar: AvatarFile | undefined): Props => (avatar ? { ...outs, avatarSha256: avatar.sha256 } : outs);

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

const bots = () => platformPath("agent_bots");
const botPath = (id: string | number) => platformPath("agent_bots", id);

/** The bots this Platform App can see (the only ones it may manage). */
export const listBots = () => call(list(AgentBotWire), { method: "GET", path: bots() });
const getBot = (id: string | number) => call(single(AgentBotWire), { method: "GET", path: botPath(id) });

function patchBot(id: string | number, props: Props, avatar?: AvatarFile): Promise<AgentBotWire> {
  return writeThenRead(() => call(single(AgentBotWire), writeRequest("PATCH", botPath(id), props, avatar)), () => getBot(id));
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

/** Takes over bot `id`: it must be visible to this app; then one PATCH of what differs. */
async function adopt(inputs: Inputs, id: number): Promise<{ id: string; outs: Props }> {
  const existing = (await listBots()).find((b) => b.id === id);
  if (!existing) {
    throw new Error(
      `adoptId ${id}: this Platform App sees no agent bot with that id. A Platform App only sees the bots it ` +
        "created itself (or was granted in the Rails console); bots made in the dashboard or by another app cannot be adopted with this token",
    );
  }
  // What the server is known to hold: avatars are never echoed, and an old server's outgoing_url echo is no value.
  const { avatar: _a, avatarUrl: _u, avatarSha256: _s, outgoingUrl: _o, ...known } = inputs;
  // Should the PATCH fail, these nulls make the next `up` send the avatar again.
  const current = { ...botOutputs(known, existing), avatarUrl: null, avatarSha256: null };
  const keys: string[] = planDiff({ keys: ECHOED_KEYS, olds: current, news: inputs }).changed;
  // The avatar cannot be compared, so a declared one is always sent.
  if (inputs.avatarUrl !== undefined) keys.push("avatarUrl");
  const avatar = await readAvatar(inputs);
  if (keys.length === 0 && !avatar) return { id: String(id), outs: markAdopted(botOutputs(inputs, existing)) };
  try {
    return { id: String(id), outs: markAdopted(withAvatar(botOutputs(inputs, await patchBot(id, pick(inputs, keys), avatar)), avatar)) };
  } catch (err) {
    throw new PartialCreateError(String(id), markAdopted(current), err);
  }
}

/**
 * A Chatwoot agent bot, managed through the Platform API (`/platform/api/v1/agent_bots`) with
 * `chatwoot:platformAccessToken`; id: the bot id.
 */
export const agentBot = defineResource({
  inputs: AgentBotInputs,
  account: "optional",
  controlKeys: ["adoptId"],
  derivedKeys: ["avatarSha256"],
  normalizers: {
    // Multipart uploads cannot send null, so a cleared description may come back as "".
    description: (v) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null)),
  },

  async prepare(inputs) {
    if (inputs.avatar === undefined) return { inputs, failures: [] };
    if (inputs.avatar === UNKNOWN) return { inputs: { ...inputs, avatarSha256: UNKNOWN }, failures: [] };
    try {
      return { inputs: { ...inputs, avatarSha256: (await readAvatarFile(inputs.avatar)).sha256 }, failures: [] };
    } catch (err) {
      if (!(err instanceof AvatarFileError)) throw err;
      const failure: CheckFailure = { property: "avatar", reason: err.message };
      return { inputs, failures: [failure] };
    }
  },

  async create(inputs: Inputs) {
    if (inputs.adoptId !== undefined) return adopt(inputs, inputs.adoptId);
    const avatar = await readAvatar(inputs);
    const req = writeRequest("POST", bots(), pick(inputs, FIELD_KEYS), avatar);
    const outputs = (bot: AgentBotWire) => withAvatar(botOutputs(inputs, bot), avatar);
    const bot = await createOnce({
      request: `POST ${bots()}`,
      noun: "agent bot",
      post: () => call(single(AgentBotWire), req),
      list: listBots,
      matches: (b) => sameBot(inputs, b),
      outputs,
    });
    return { id: String(bot.id), outs: outputs(bot) };
  },

  async read(id, olds) {
    const bot = await unlessNotFound(() => getBot(id));
    return bot && botOutputs(olds, bot);
  },

  async update(id, olds, news: Inputs, changed) {
    const keys = FIELD_KEYS.filter((k) => changed.includes(k));
    // A new path to the same content (only `avatar` changed) needs no upload.
    const avatar = (changed as string[]).includes("avatarSha256") ? await readAvatar(news) : undefined;
    const base = { ...pick(olds, SERVER_ONLY_KEYS), ...news };
    if (keys.length === 0 && !avatar) return { ...olds, ...news };
    return withAvatar(botOutputs(base, await patchBot(id, pick(news, keys), avatar)), avatar);
  },

  async delete(id) {
    await deleteIgnoringNotFound({ method: "DELETE", path: botPath(id) });
  },
});
