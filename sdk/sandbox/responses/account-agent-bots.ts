import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import {
  ACCOUNT_AGENT_BOT_PERMIT,
  botsOfAccount,
  createAccountBot,
  destroyBot,
  findAccountBot,
  purgeAvatar,
  updateBot,
} from "../models/agent-bots";
import { permit } from "../params";
import type { AgentBotRecord } from "../state";

/**
 * The application API's `_agent_bot` partial (account bots, and an inbox's bot): a system bot (no
 * account) hides its outgoing URL; the access token is shown for the account's own bots only
 * (`AgentBotPresenter`), and to administrators only (newer builds).
 */
export function agentBotView(bot: AgentBotRecord, administrator: boolean) {
  const system = bot.account_id === null;
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    thumbnail: "",
    ...(system ? {} : { outgoing_url: bot.outgoing_url }),
    bot_type: "webhook",
    bot_config: bot.bot_config,
    account_id: bot.account_id,
    ...(administrator && !system ? { access_token: bot.access_token } : {}),
    system_bot: system,
  };
}

const view = (call: AccountCall, bot: AgentBotRecord) => agentBotView(bot, call.role === "administrator");

/** A write's bot: the role check first (`check_authorization` runs before the lookup), then the account's own bot. */
function writableBot(call: AccountCall): AgentBotRecord {
  requireAdministrator(call);
  return findAccountBot(call.state, call.account, call.path.id ?? "", false);
}

/** A bare array of the account's bots and the system bots, for every member. */
export function index(call: AccountCall): ApiResult {
  return ok(botsOfAccount(call.state, call.account).map((bot) => view(call, bot)));
}

export function show(call: AccountCall): ApiResult {
  return ok(view(call, findAccountBot(call.state, call.account, call.path.id ?? "", true)));
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(view(call, createAccountBot(call.state, call.account, permit(call.params, ACCOUNT_AGENT_BOT_PERMIT))));
}

export function update(call: AccountCall): ApiResult {
  const bot = writableBot(call);
  return ok(view(call, updateBot(call.state, bot, permit(call.params, ACCOUNT_AGENT_BOT_PERMIT))));
}

export function destroy(call: AccountCall): ApiResult {
  destroyBot(call.state, writableBot(call));
  return EMPTY_OK;
}

export function destroyAvatar(call: AccountCall): ApiResult {
  return ok(view(call, purgeAvatar(call.state, writableBot(call))));
}
