/**
 * Platform agent bots (research section 2), behaving like current upstream:
 * - `outgoing_url` is stored and echoed as sent (after PR #13827; older servers echoed the name);
 * - deleting a bot deletes its PlatformAppPermissible rows (PR #14273), so lists never 500 after deletions;
 * - an unknown id is Rails' bare 404 (set_resource runs before the permissible check);
 * - `avatar_url` is only recorded (upstream queues a download job and echoes nothing);
 * - an uploaded `avatar` is validated like Avatarable in newer builds (JPEG/PNG/GIF, at most 15 MB),
 *   its type detected from the bytes as ActiveStorage does. That rule is not in the research notes.
 *
 * Account agent bots (Api::V1::Accounts::AgentBotsController, AgentBotPolicy) are rows of the same
 * table with the account's id, so inboxes and the Platform API see them alike:
 * - the role check runs before the bot is looked up: an agent's write is 401 even for an unknown id;
 *   listing and showing are for every member;
 * - the list and show cover the account's bots and system bots (no account); writes reach only the
 *   account's own (a system bot or another account's is 404);
 * - permitted at the top level: name, description, outgoing_url, avatar, avatar_url, bot_type (the
 *   enum `webhook`; another value is an ArgumentError, a 500) and bot_config (a hash);
 * - a bot made here has no PlatformAppPermissible row: no Platform App sees it.
 */
import { internalError, railsError, recordNotFound, unauthorized } from "../errors";
import { castEnum, castInteger, castString, isHash, isPresent, isUploadedFile, type Params, type PermitFilter } from "../params";
import { RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type AgentBotRecord, type AvatarDigest, type PlatformAppRecord, type SandboxState } from "../state";

/** `permitted_params` of Platform::Api::V1::AgentBotsController (top level only). */
export const AGENT_BOT_PERMIT: PermitFilter = {
  name: "scalar",
  description: "scalar",
  account_id: "scalar",
  outgoing_url: "scalar",
  avatar: "scalar",
  avatar_url: "scalar",
};

/** `permitted_params` of the account controller (top level only). */
export const ACCOUNT_AGENT_BOT_PERMIT: PermitFilter = {
  name: "scalar",
  description: "scalar",
  outgoing_url: "scalar",
  avatar: "scalar",
  avatar_url: "scalar",
  bot_type: "scalar",
  bot_config: "hash",
};

const URL_LENGTH_LIMIT = 2048;
const AVATAR_MAX_BYTES = 15 * 1024 * 1024;
const AVATAR_TYPES = new Set(["image/jpeg", "image/png", "image/gif"]);

/** The index: bots this app holds a permissible row for, in row order. */
export function botsVisibleTo(state: SandboxState, app: PlatformAppRecord): AgentBotRecord[] {
  return app.permissible_bot_ids.flatMap((id) => state.agentBots.get(id) ?? []);
}

/** set_resource, then validate_platform_app_permissible. */
export function findBot(state: SandboxState, app: PlatformAppRecord, idParam: string): AgentBotRecord {
  const bot = rowById(state.agentBots, idParam);
  if (!bot) throw railsError(404);
  if (!app.permissible_bot_ids.includes(bot.id)) throw unauthorized("Non permissible resource");
  return bot;
}

export function createBot(state: SandboxState, app: PlatformAppRecord, attributes: Params): AgentBotRecord {
  const bot = insertBot(state, assign(state, newBot(null), attributes));
  app.permissible_bot_ids.push(bot.id);
  return bot;
}

/** `AgentBot.where(account_id: [nil, account.id])`: the account's bots and the system bots, by id. */
export function botsOfAccount(state: SandboxState, account: AccountRecord): AgentBotRecord[] {
  return [...state.agentBots.values()].filter((b) => b.account_id === null || b.account_id === account.id).sort((a, b) => a.id - b.id);
}

/** The bot of the path: for `show` a system bot too, for writes only the account's own; 404 otherwise. */
export function findAccountBot(state: SandboxState, account: AccountRecord, idParam: string, forShow: boolean): AgentBotRecord {
  const bot = rowById(state.agentBots, idParam);
  const reachable = bot !== undefined && (bot.account_id === account.id || (forShow && bot.account_id === null));
  if (!reachable) throw recordNotFound();
  return bot;
}

/** `Current.account.agent_bots.create!(permitted_params)`. */
export function createAccountBot(state: SandboxState, account: AccountRecord, attributes: Params): AgentBotRecord {
  return insertBot(state, assign(state, newBot(account.id), attributes));
}

const newBot = (accountId: number | null): AgentBotRecord => ({
  id: 0,
  name: null,
  description: null,
  outgoing_url: null,
  account_id: accountId,
  access_token: "",
  avatar: null,
  avatar_url: null,
  bot_config: {},
});

/** Saves a new bot with its own access token. */
function insertBot(state: SandboxState, draft: AgentBotRecord): AgentBotRecord {
  const bot: AgentBotRecord = { ...draft, id: state.nextId("agent_bots"), access_token: state.secrets.fresh() };
  state.agentBots.set(bot.id, bot);
  state.tokens.set(bot.access_token, { kind: "agent_bot", id: bot.id });
  return bot;
}

/** `update!` with the permitted keys present in the request; absent keys keep their values. */
export function updateBot(state: SandboxState, bot: AgentBotRecord, attributes: Params): AgentBotRecord {
  const updated = assign(state, bot, attributes);
  state.agentBots.set(bot.id, updated);
  return updated;
}

export function destroyBot(state: SandboxState, bot: AgentBotRecord): void {
  state.agentBots.delete(bot.id);
  state.tokens.delete(bot.access_token);
  for (const app of state.platformApps.values()) {
    app.permissible_bot_ids = app.permissible_bot_ids.filter((id) => id !== bot.id);
  }
}

export function purgeAvatar(state: SandboxState, bot: AgentBotRecord): AgentBotRecord {
  const updated = { ...bot, avatar: null };
  state.agentBots.set(bot.id, updated);
  return updated;
}

/** Applies permitted attributes to a copy, validates it, and checks the account foreign key. */
function assign(state: SandboxState, bot: AgentBotRecord, attributes: Params): AgentBotRecord {
  const draft = { ...bot };
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) draft.name = castString(attributes.name);
  if (has("description")) draft.description = castString(attributes.description);
  if (has("outgoing_url")) draft.outgoing_url = castString(attributes.outgoing_url);
  if (has("account_id")) draft.account_id = castInteger(attributes.account_id);
  if (has("avatar_url") && isPresent(attributes.avatar_url)) draft.avatar_url = castString(attributes.avatar_url);
  if (has("bot_type")) castEnum(["webhook"], attributes.bot_type);
  if (has("bot_config")) draft.bot_config = isHash(attributes.bot_config) ? attributes.bot_config : {};
  const errors = new RecordErrors();
  if (has("avatar")) {
    const avatar = attributes.avatar;
    if (avatar === null) draft.avatar = null;
    else if (!isUploadedFile(avatar)) throw internalError(); // a string is taken for a signed blob id and fails to verify
    else {
      draft.avatar = { sha256: avatar.sha256, size: avatar.size, type: detectImageType(avatar.data) ?? avatar.type, filename: avatar.filename };
      validateAvatar(draft.avatar, errors);
    }
  }
  if (draft.outgoing_url !== null && [...draft.outgoing_url].length > URL_LENGTH_LIMIT) {
    errors.add("outgoing_url", `is too long (maximum is ${URL_LENGTH_LIMIT} characters)`);
  }
  errors.raiseIfAny();
  // The database's foreign key, checked after validations pass: an unknown account is a 500.
  if (draft.account_id !== null && !state.accounts.has(draft.account_id)) throw internalError();
  return draft;
}

function validateAvatar(avatar: AvatarDigest, errors: RecordErrors): void {
  if (avatar.size > AVATAR_MAX_BYTES) errors.add("avatar", "is too big");
  if (!AVATAR_TYPES.has(avatar.type)) errors.add("avatar", "filetype not supported");
}

/** Magic-byte detection of the image types an avatar may have. */
function detectImageType(data: Buffer): string | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  if (data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return undefined;
}
