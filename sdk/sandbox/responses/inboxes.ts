import { ok, type AccountCall, type ApiResult } from "../call";
import { authorizeInboxShow, findInbox, inboxesVisibleTo } from "../models/inboxes";
import type { InboxRecord } from "../state";

/** How an inbox is rendered: role-dependent keys, and the documented mode's object-shaped feature flags. */
export interface InboxViewOptions {
  administrator: boolean;
  origin: string;
  /** The spec documents `selected_feature_flags` as an object; real servers send an array of names. */
  flagsAsObject?: boolean;
}

/** The `_inbox` partial (core keys in partial order; channel-specific keys per channel type). */
export function inboxView(inbox: InboxRecord, options: InboxViewOptions) {
  const widget = inbox.channel_type === "Channel::WebWidget";
  const api = inbox.channel_type === "Channel::Api";
  const email = inbox.channel_type === "Channel::Email";
  const flags = widget
    ? options.flagsAsObject
      ? Object.fromEntries(inbox.selected_feature_flags.map((flag) => [flag, true]))
      : inbox.selected_feature_flags
    : null;
  return {
    id: inbox.id,
    avatar_url: "",
    channel_id: inbox.channel_id,
    name: inbox.name,
    channel_type: inbox.channel_type,
    greeting_enabled: inbox.greeting_enabled,
    greeting_message: inbox.greeting_message,
    working_hours_enabled: inbox.working_hours_enabled,
    enable_email_collect: inbox.enable_email_collect,
    csat_survey_enabled: inbox.csat_survey_enabled,
    csat_config: {},
    enable_auto_assignment: inbox.enable_auto_assignment,
    auto_assignment_config: inbox.auto_assignment_config,
    out_of_office_message: inbox.out_of_office_message,
    working_hours: inbox.working_hours,
    timezone: inbox.timezone,
    callback_webhook_url: null,
    allow_messages_after_resolved: inbox.allow_messages_after_resolved,
    lock_to_single_conversation: inbox.lock_to_single_conversation,
    sender_name_type: inbox.sender_name_type,
    business_name: inbox.business_name,
    widget_color: widget ? inbox.widget_color : null,
    website_url: widget ? inbox.website_url : null,
    hmac_mandatory: widget || api ? inbox.hmac_mandatory : null,
    welcome_title: widget ? inbox.welcome_title : null,
    welcome_tagline: widget ? inbox.welcome_tagline : null,
    web_widget_script: widget ? widgetScript(options.origin, inbox.website_token ?? "") : null,
    website_token: inbox.website_token,
    selected_feature_flags: flags,
    reply_time: widget ? inbox.reply_time : null,
    messaging_service_sid: null,
    phone_number: null,
    medium: null,
    provider: null,
    ...(widget
      ? {
          pre_chat_form_enabled: inbox.pre_chat_form_enabled,
          pre_chat_form_options: { pre_chat_message: "Share your queries or comments here.", pre_chat_fields: [] },
          continuity_via_email: inbox.continuity_via_email,
        }
      : {}),
    ...(email ? { email: inbox.email, forward_to_email: inbox.forward_to_email } : {}),
    ...(api ? { webhook_url: inbox.webhook_url, inbox_identifier: inbox.inbox_identifier, additional_attributes: {} } : {}),
    ...((widget || api) && options.administrator ? { hmac_token: inbox.hmac_token } : {}),
  };
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
  return ok({ payload: inboxesVisibleTo(call.state, call).map((inbox) => inboxView(inbox, options)) });
}

/** GET one inbox: a bare object; the spec's seed operation, so the documented mode changes it. */
export function show(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.id);
  authorizeInboxShow(call, inbox);
  return ok(inboxView(inbox, { administrator: call.role === "administrator", origin: call.origin, flagsAsObject: call.shapes === "documented" }));
}
