"""One Chatwoot account set up end to end: a contact attribute, an automation rule that uses it, a
help-center portal linked to the website inbox, the inbox's agents and an agent bot, plus both data
sources. Connection settings come from the stack config (`chatwoot:*`); what is specific to the
account comes from this project's config (see README.md)."""
import pulumi
import pulumi_chatwoot as chatwoot

config = pulumi.Config()
website_inbox_id = config.require_int("websiteInboxId")
agent_user_ids = config.require_object("agentUserIds")
portal_slug = config.get("portalSlug") or "help"
bot_webhook_url = config.get("botWebhookUrl") or "https://bots.example.com/support"

# The inbox is read on every run. The result is secret as a whole because it carries the widget's
# website token; its id and name are not credentials, so they are used in the clear.
website = chatwoot.get_inbox_output(inbox_id=website_inbox_id)
inbox_id = pulumi.Output.unsecret(website.id)
inbox_name = pulumi.Output.unsecret(website.name).apply(lambda name: name or f"inbox {website_inbox_id}")

plan = chatwoot.CustomAttributeDefinition(
    "plan",
    attribute_key="plan",
    attribute_model="contact_attribute",
    attribute_display_name="Plan",
    attribute_display_type="list",
    attribute_description="The contact's subscription plan",
    attribute_values=["free", "pro", "enterprise"],
)

# Referring to the attribute's key makes the rule wait for the definition: Chatwoot accepts a
# custom attribute in a condition only once it exists.
enterprise = chatwoot.AutomationRule(
    "enterprise-first",
    name="Enterprise contacts first",
    description=pulumi.Output.concat("Labels and prioritises new conversations of enterprise contacts in ", inbox_name),
    event_name="conversation_created",
    conditions=[
        chatwoot.AutomationConditionArgs(attribute_key="inbox_id", filter_operator="equal_to", values=[inbox_id], query_operator="AND"),
        chatwoot.AutomationConditionArgs(
            attribute_key=plan.attribute_key, filter_operator="equal_to", values=["enterprise"], custom_attribute_type="contact_attribute"
        ),
    ],
    actions=[
        chatwoot.AutomationActionArgs(action_name="add_label", action_params=["enterprise"]),
        chatwoot.AutomationActionArgs(action_name="change_priority", action_params=["high"]),
    ],
)

help_center = chatwoot.Portal(
    "help",
    name="Help Center",
    slug=portal_slug,
    color="#1f93ff",
    header_text="How can we help?",
    page_title="Help Center",
    config=chatwoot.PortalConfigArgs(allowed_locales=["en", "de"], default_locale="en"),
    inbox_id=inbox_id,
)

agents = chatwoot.InboxMembership("website-agents", inbox_id=inbox_id, user_ids=agent_user_ids)

bot = chatwoot.AgentBot(
    "support-bot",
    name="Support bot",
    description=pulumi.Output.concat("Answers first questions in ", inbox_name),
    outgoing_url=bot_webhook_url,
)


def bot_account(account_id):
    if account_id is None:
        raise ValueError("support-bot is a system bot: set chatwoot:accountId")
    return account_id


# The bots of the account, read once the bot exists (its account is the argument), so that every
# run sees the same list.
account_bots = chatwoot.get_agent_bots_output(account_id=bot.account_id.apply(bot_account))

pulumi.export("websiteInbox", inbox_name)
pulumi.export("portalSlugInUse", help_center.slug)
pulumi.export("ruleId", enterprise.id)
pulumi.export("attributeKey", plan.attribute_key)
pulumi.export("inboxAgents", agents.agents.apply(lambda members: [member["name"] for member in members]))
pulumi.export("botId", bot.id)
# bot.access_token is a secret output as well; README.md says why it is not exported here.
pulumi.export("botsOfThisAccount", account_bots.bots.apply(lambda bots: [b.name for b in bots]))
# The widget's website token, for embedding the chat widget: a secret output (`pulumi stack output --show-secrets`).
pulumi.export("widgetToken", website.website_token)
