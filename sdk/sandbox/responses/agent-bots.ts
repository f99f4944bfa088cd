import { EMPTY_OK, ok, type ApiResult, type PlatformCall } from "../call";
import { AGENT_BOT_PERMIT, botsVisibleTo, createBot, destroyBot, findBot, purgeAvatar, updateBot } from "../models/agent-bots";
import { permit } from "../params";
import type { AgentBotRecord } from "../state";

/**
 * The platform partial (app/views/platform/api/v1/models/_agent_bot.json.jbuilder) as upstream's
 * fix of March 2026 (PR #13827) renders it: these five fields, `outgoing_url` the bot's own. At
 * fd5ac2a8a (2026-02-13) the partial wrote `outgoing_url resource.name` (the bot's name) and
 * added `access_token`; the sandbox plays the fixed partial, which the provider's AgentBot reads
 * either way (research/chatwoot-api.md section 2).
 */
function platformView(bot: AgentBotRecord) {
  return { id: bot.id, name: bot.name, description: bot.description, outgoing_url: bot.outgoing_url, account_id: bot.account_id };
}

/** The spec's agent bot object (section 2.1): every documented field, the access token included. */
function documentedView(bot: AgentBotRecord, origin: string) {
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    thumbnail: bot.avatar ? `${origin}/rails/active_storage/blobs/${bot.avatar.sha256.slice(0, 24)}/${encodeURIComponent(bot.avatar.filename)}` : "",
    outgoing_url: bot.outgoing_url,
    bot_type: "webhook",
    bot_config: {},
    account_id: bot.account_id,
    access_token: bot.access_token,
    system_bot: bot.account_id === null,
  };
}

/** The view of the spec's two bot operations (list, update), which the documented mode changes. */
function seedOperationView(call: PlatformCall, bot: AgentBotRecord) {
  return call.shapes === "documented" ? documentedView(bot, call.origin) : platformView(bot);
}

export function index(call: PlatformCall): ApiResult {
  return ok(botsVisibleTo(call.state, call.app).map((bot) => seedOperationView(call, bot)));
}

export function create(call: PlatformCall): ApiResult {
  return ok(platformView(createBot(call.state, call.app, permit(call.params, AGENT_BOT_PERMIT))));
}

export function show(call: PlatformCall): ApiResult {
  return ok(platformView(findBot(call.state, call.app, call.path.id ?? "")));
}

export function update(call: PlatformCall): ApiResult {
  const bot = findBot(call.state, call.app, call.path.id ?? "");
  return ok(seedOperationView(call, updateBot(call.state, bot, permit(call.params, AGENT_BOT_PERMIT))));
}

export function destroy(call: PlatformCall): ApiResult {
  destroyBot(call.state, findBot(call.state, call.app, call.path.id ?? ""));
  return EMPTY_OK;
}

export function destroyAvatar(call: PlatformCall): ApiResult {
  return ok(platformView(purgeAvatar(call.state, findBot(call.state, call.app, call.path.id ?? ""))));
}
