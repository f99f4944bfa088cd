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
 * How a view renders a bot's `access_token`: through `AgentBotPresenter` (the agent bots views: the
 * token's text for the calling account's own bots, to every member, nil for others), or the bare
 * model (an inbox's `agent_bot` view: `resource.access_token` is the AccessToken row, rendered
 * whole, for any bot; the sandbox keeps no token rows, so the bot's id stands in for the row's).
 */
export type TokenView = { presenter: true; accountId: number } | { presenter: false };

/** The AccessToken row as `render json:` writes it. */
function tokenRow(bot: AgentBotRecord) {
  return { id: bot.id, owner_type: "AgentBot", owner_id: bot.id, token: bot.access_token, created_at: null, updated_at: null };
}

/**
 * The application API's `_agent_bot` partial (app/views/api/v1/models/_agent_bot.json.jbuilder and
 * app/presenters/agent_bot_presenter.rb at fd5ac2a8a): a system bot (no account) hides its
 * outgoing URL; the access token as `tokens` says.
 */
export function agentBotView(bot: AgentBotRecord, tokens: TokenView) {
  const system = bot.account_id === null;
  const token = tokens.presenter ? (bot.account_id === tokens.accountId ? bot.access_token : null) : tokenRow(bot);
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    thumbnail: "",
    ...(system ? {} : { outgoing_url: bot.outgoing_url }),
    bot_type: "webhook",
    bot_config: bot.bot_config,
    account_id: bot.account_id,
    ...(token ? { access_token: token } : {}),
    system_bot: system,
  };
}

const view = (call: AccountCall, bot: AgentBotRecord) => agentBotView(bot, { presenter: true, accountId: call.account.id });

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
