import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import {
  authorizeInboxShow,
  botOf,
  createInbox,
  findAssignableBot,
  findInbox,
  inboxesVisibleTo,
  requestInboxDeletion,
  setInboxBot,
  updateInbox,
} from "../models/inboxes";
import { providerConfigOf } from "../models/credentialed-channels";
import { DEFAULT_PRE_CHAT_FORM } from "../models/inbox-channels";
import { requireInboxSlot } from "../models/plan-limits";
import type { InboxRecord, SandboxState } from "../state";
import { agentBotView } from "./account-agent-bots";

/**
 * Inbox endpoints. The spec documents only GET one inbox (its `selected_feature_flags` as an
 * object in the documented mode); every write answers the same in both modes.
 */

/** What newer servers answer to DELETE (they delete in a background job). */
export const INBOX_DELETION_MESSAGE = "Your inbox deletion request will be processed in some time.";

/** How an inbox is rendered: role-dependent keys, and the documented mode's object-shaped feature flags. */
export interface InboxViewOptions {
  administrator: boolean;
  origin: string;
  /** The spec documents `selected_feature_flags` as an object; real servers send an array of names. */
  flagsAsObject?: boolean;
}

/**
 * The `_inbox` partial (app/views/api/v1/models/_inbox.json.jbuilder at fd5ac2a8a: core keys in
 * partial order; channel-specific keys per channel type; a LINE channel's id is not among them,
 * only in its callback URL). The linked help center (`help_center`) is shown when `state` is given
 * to look it up.
 */
export function inboxView(inbox: InboxRecord, options: InboxViewOptions, state?: SandboxState) {
  const type = inbox.channel_type;
  const widget = type === "Channel::WebWidget";
  const api = type === "Channel::Api";
  const admin = options.administrator;
  const flags = widget
    ? options.flagsAsObject
      ? Object.fromEntries(inbox.selected_feature_flags.map((flag) => [flag, true]))
      : inbox.selected_feature_flags
    : null;
  const portal = inbox.portal_id === null ? undefined : state?.portals.get(inbox.portal_id);
  return {
    id: inbox.id,
    avatar_url: "",
    channel_id: inbox.channel_id,
    name: inbox.name,
    channel_type: type,
    greeting_enabled: inbox.greeting_enabled,
    greeting_message: inbox.greeting_message,
    working_hours_enabled: inbox.working_hours_enabled,
    enable_email_collect: inbox.enable_email_collect,
    csat_survey_enabled: inbox.csat_survey_enabled,
    csat_config: inbox.csat_config,
    enable_auto_assignment: inbox.enable_auto_assignment,
    auto_assignment_config: inbox.auto_assignment_config,
    out_of_office_message: inbox.out_of_office_message,
    working_hours: inbox.working_hours,
    timezone: inbox.timezone,
    callback_webhook_url: callbackWebhookUrl(inbox, options.origin),
    allow_messages_after_resolved: inbox.allow_messages_after_resolved,
    lock_to_single_conversation: inbox.lock_to_single_conversation,
    sender_name_type: inbox.sender_name_type,
    business_name: inbox.business_name,
    ...(portal ? { help_center: { name: portal.name, slug: portal.slug } } : {}),
    allowed_domains: widget ? inbox.allowed_domains : null,
    widget_color: widget ? inbox.widget_color : null,
    website_url: widget ? inbox.website_url : null,
    hmac_mandatory: widget || api ? inbox.hmac_mandatory : null,
    welcome_title: widget ? inbox.welcome_title : null,
    welcome_tagline: widget ? inbox.welcome_tagline : null,
    web_widget_script: widget ? widgetScript(options.origin, inbox.website_token ?? "") : null,
    website_token: inbox.website_token,
    selected_feature_flags: flags,
    reply_time: widget ? inbox.reply_time : null,
    ...(widget
      ? {
          ...(admin ? { hmac_token: inbox.hmac_token } : {}),
          pre_chat_form_enabled: inbox.pre_chat_form_enabled,
          pre_chat_form_options: inbox.pre_chat_form_options ?? DEFAULT_PRE_CHAT_FORM,
          continuity_via_email: inbox.continuity_via_email,
        }
      : {}),
    messaging_service_sid: null,
    phone_number: type === "Channel::Sms" || type === "Channel::Whatsapp" ? inbox.phone_number : null,
    medium: null,
    ...(type === "Channel::Email" ? emailView(inbox, admin) : {}),
    ...(api
      ? {
          ...(admin ? { hmac_token: inbox.hmac_token } : {}),
          webhook_url: inbox.webhook_url,
          inbox_identifier: inbox.inbox_identifier,
          additional_attributes: inbox.additional_attributes,
        }
      : {}),
    provider: inbox.provider,
    ...(type === "Channel::Telegram" ? { bot_name: inbox.bot_name } : {}),
    ...(type === "Channel::Whatsapp"
      ? { message_templates: [], ...(admin ? { provider_config: providerConfigOf(inbox) } : {}), reauthorization_required: false }
      : {}),
  };
}

/** The e-mail channel's keys; IMAP and SMTP settings, passwords included, for administrators only (as upstream). */
function emailView(inbox: InboxRecord, admin: boolean) {
  const secret = (key: string) => inbox.channel_credentials[key] ?? "";
  return {
    email: inbox.email,
    // MAILER_INBOUND_EMAIL_DOMAIN is set (inbound.sandbox.test): forwarding is on, and the address shown.
    forwarding_enabled: true,
    forward_to_email: inbox.forward_to_email,
    ...(admin
      ? {
          imap_login: inbox.imap_login,
          imap_password: secret("imap_password"),
          imap_address: inbox.imap_address,
          imap_port: inbox.imap_port,
          imap_enabled: inbox.imap_enabled,
          imap_enable_ssl: inbox.imap_enable_ssl,
          smtp_login: inbox.smtp_login,
          smtp_password: secret("smtp_password"),
          smtp_address: inbox.smtp_address,
          smtp_port: inbox.smtp_port,
          smtp_enabled: inbox.smtp_enabled,
          smtp_domain: inbox.smtp_domain,
          smtp_enable_ssl_tls: inbox.smtp_enable_ssl_tls,
          smtp_enable_starttls_auto: inbox.smtp_enable_starttls_auto,
          smtp_openssl_verify_mode: inbox.smtp_openssl_verify_mode,
          smtp_authentication: inbox.smtp_authentication,
        }
      : {}),
  };
}

/** `Inbox#callback_webhook_url`: where the third party sends a channel's events (FRONTEND_URL is the sandbox's origin). */
function callbackWebhookUrl(inbox: InboxRecord, origin: string): string | null {
  switch (inbox.channel_type) {
    case "Channel::Sms":
      return `${origin}/webhooks/sms/${(inbox.phone_number ?? "").replace(/^\+/, "")}`;
    case "Channel::Line":
      return `${origin}/webhooks/line/${inbox.line_channel_id ?? ""}`;
    case "Channel::Whatsapp":
      return `${origin}/webhooks/whatsapp/${inbox.phone_number ?? ""}`;
    default:
      return null;
  }
}

/** The widget snippet real servers render (it embeds the website token, as upstream's does). */
function widgetScript(origin: string, websiteToken: string): string {
  return `<script>
  (function(d,t) {
    var BASE_URL="${origin}";
    var g=d.createElement(t),s=d.getElementsByTagName(t)[0];
    g.src=BASE_URL+"/packs/js/sdk.js";
    g.defer = true;
    g.async = true;
    s.parentNode.insertBefore(g,s);
    g.onload=function(){
      window.chatwootSDK.run({
        websiteToken: '${websiteToken}',
        baseUrl: BASE_URL
      })
    }
  })(document,"script");
</script>
`;
}

export function index(call: AccountCall): ApiResult {
  const options = { administrator: call.role === "administrator", origin: call.origin };
  return ok({ payload: inboxesVisibleTo(call.state, call).map((inbox) => inboxView(inbox, options, call.state)) });
}

/** GET one inbox: a bare object; the spec's seed operation, so the documented mode changes it. */
export function show(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.id);
  authorizeInboxShow(call, inbox);
  return ok(inboxView(inbox, { administrator: call.role === "administrator", origin: call.origin, flagsAsObject: call.shapes === "documented" }, call.state));
}

/** The inbox as create and update render it (the `_inbox` partial, for an administrator). */
function writtenInbox(call: AccountCall, inbox: InboxRecord): ApiResult {
  return ok(inboxView(inbox, { administrator: true, origin: call.origin }, call.state));
}

/** `fetch_inbox`: the account's inbox, and InboxPolicy#show? (before any role check). */
function fetchInbox(call: AccountCall): InboxRecord {
  const inbox = findInbox(call.state, call.account, call.path.id);
  authorizeInboxShow(call, inbox);
  return inbox;
}

/** POST: administrators, within the plan's inboxes (402 otherwise, see plan-limits); the bare inbox, with its new tokens. */
export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  requireInboxSlot(call.state, call.account, call.edition);
  return writtenInbox(call, createInbox(call.state, call.account, call.params, call.edition));
}

/** PATCH/PUT: administrators; the bare inbox after the change. */
export function update(call: AccountCall): ApiResult {
  const inbox = fetchInbox(call);
  requireAdministrator(call);
  return writtenInbox(call, updateInbox(call.state, inbox, call.params, call.edition));
}

/** DELETE: administrators; 200 with a message (the deletion itself may lag, see requestInboxDeletion). */
export function destroy(call: AccountCall): ApiResult {
  const inbox = fetchInbox(call);
  requireAdministrator(call);
  requestInboxDeletion(call.state, inbox);
  return ok({ message: INBOX_DELETION_MESSAGE });
}

/** POST .../set_agent_bot `{agent_bot: id | null}`: the bot is looked up before the role check; `head :ok`. */
export function setAgentBot(call: AccountCall): ApiResult {
  const inbox = fetchInbox(call);
  const bot = findAssignableBot(call.state, call.account, call.params.agent_bot);
  requireAdministrator(call);
  setInboxBot(inbox, bot);
  return EMPTY_OK;
}

/**
 * GET .../agent_bot: anyone who may see the inbox; `{agent_bot: {...}}`, or an empty object when
 * there is none. The view renders the bot without its presenter: the token comes as its whole row.
 */
export function agentBot(call: AccountCall): ApiResult {
  const bot = botOf(call.state, fetchInbox(call));
  return ok({ agent_bot: bot ? agentBotView(bot, { presenter: false }) : {} });
}
