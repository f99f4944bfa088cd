// One Chatwoot account set up end to end: a contact attribute, an automation rule that uses it, a
// help-center portal linked to the website inbox, the inbox's agents and an agent bot, plus both
// data sources. Connection settings come from the stack config (`chatwoot:*`); what is specific to
// the account comes from this project's config (see README.md).
package main

import (
	"errors"
	"fmt"

	"github.com/pulumi-chatwoot/pulumi-chatwoot/sdk/go/chatwoot"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		websiteInboxID := cfg.RequireInt("websiteInboxId")
		var agentUserIDs []int
		cfg.RequireObject("agentUserIds", &agentUserIDs)
		portalSlug := cfg.Get("portalSlug")
		if portalSlug == "" {
			portalSlug = "help"
		}
		botWebhookURL := cfg.Get("botWebhookUrl")
		if botWebhookURL == "" {
			botWebhookURL = "https://bots.example.com/support"
		}

		// The inbox is read on every run. The result is secret as a whole because it carries the
		// widget's website token; its id and name are not credentials, so they are used in the clear.
		website := chatwoot.LookupInboxOutput(ctx, chatwoot.LookupInboxOutputArgs{InboxId: pulumi.Int(websiteInboxID)})
		inboxID := pulumi.Unsecret(website.Id()).(pulumi.IntOutput)
		inboxName := pulumi.Unsecret(website.Name()).(pulumi.StringOutput).ApplyT(func(name string) string {
			if name == "" {
				return fmt.Sprintf("inbox %d", websiteInboxID)
			}
			return name
		}).(pulumi.StringOutput)

		plan, err := chatwoot.NewCustomAttributeDefinition(ctx, "plan", &chatwoot.CustomAttributeDefinitionArgs{
			AttributeKey:         pulumi.String("plan"),
			AttributeModel:       pulumi.String("contact_attribute"),
			AttributeDisplayName: pulumi.String("Plan"),
			AttributeDisplayType: pulumi.String("list"),
			AttributeDescription: pulumi.String("The contact's subscription plan"),
			AttributeValues:      pulumi.ToStringArray([]string{"free", "pro", "enterprise"}),
		})
		if err != nil {
			return err
		}

		// Referring to the attribute's key makes the rule wait for the definition: Chatwoot accepts a
		// custom attribute in a condition only once it exists.
		enterprise, err := chatwoot.NewAutomationRule(ctx, "enterprise-first", &chatwoot.AutomationRuleArgs{
			Name:        pulumi.String("Enterprise contacts first"),
			Description: pulumi.Sprintf("Labels and prioritises new conversations of enterprise contacts in %s", inboxName),
			EventName:   pulumi.String("conversation_created"),
			Conditions: chatwoot.AutomationConditionArray{
				chatwoot.AutomationConditionArgs{
					AttributeKey:   pulumi.String("inbox_id"),
					FilterOperator: pulumi.String("equal_to"),
					Values:         pulumi.Array{inboxID},
					QueryOperator:  pulumi.String("AND"),
				},
				chatwoot.AutomationConditionArgs{
					AttributeKey:        plan.AttributeKey,
					FilterOperator:      pulumi.String("equal_to"),
					Values:              pulumi.Array{pulumi.String("enterprise")},
					CustomAttributeType: pulumi.String("contact_attribute"),
				},
			},
			Actions: chatwoot.AutomationActionArray{
				chatwoot.AutomationActionArgs{ActionName: pulumi.String("add_label"), ActionParams: pulumi.Array{pulumi.String("enterprise")}},
				chatwoot.AutomationActionArgs{ActionName: pulumi.String("change_priority"), ActionParams: pulumi.Array{pulumi.String("high")}},
			},
		})
		if err != nil {
			return err
		}

		help, err := chatwoot.NewPortal(ctx, "help", &chatwoot.PortalArgs{
			Name:       pulumi.String("Help Center"),
			Slug:       pulumi.String(portalSlug),
			Color:      pulumi.String("#1f93ff"),
			HeaderText: pulumi.String("How can we help?"),
			PageTitle:  pulumi.String("Help Center"),
			Config:     chatwoot.PortalConfigArgs{AllowedLocales: pulumi.ToStringArray([]string{"en", "de"}), DefaultLocale: pulumi.String("en")},
			InboxId:    inboxID,
		})
		if err != nil {
			return err
		}

		userIDs := pulumi.Array{}
		for _, id := range agentUserIDs {
			userIDs = append(userIDs, pulumi.Int(id))
		}
		agents, err := chatwoot.NewInboxMembership(ctx, "website-agents", &chatwoot.InboxMembershipArgs{InboxId: inboxID, UserIds: userIDs})
		if err != nil {
			return err
		}

		bot, err := chatwoot.NewAgentBot(ctx, "support-bot", &chatwoot.AgentBotArgs{
			Name:        pulumi.String("Support bot"),
			Description: pulumi.Sprintf("Answers first questions in %s", inboxName),
			OutgoingUrl: pulumi.String(botWebhookURL),
		})
		if err != nil {
			return err
		}

		// The bots of the account, read once the bot exists (its account is the argument), so that
		// every run sees the same list.
		botAccount := bot.AccountId.ApplyT(func(id *int) (int, error) {
			if id == nil {
				return 0, errors.New("support-bot is a system bot: set chatwoot:accountId")
			}
			return *id, nil
		}).(pulumi.IntOutput)
		accountBots := chatwoot.GetAgentBotsOutput(ctx, chatwoot.GetAgentBotsOutputArgs{AccountId: botAccount})

		ctx.Export("websiteInbox", inboxName)
		ctx.Export("portalSlugInUse", help.Slug)
		ctx.Export("ruleId", enterprise.ID())
		ctx.Export("attributeKey", plan.AttributeKey)
		ctx.Export("inboxAgents", agents.Agents.ApplyT(func(members []interface{}) []string {
			names := make([]string, 0, len(members))
			for _, member := range members {
				if m, ok := member.(map[string]interface{}); ok {
					names = append(names, fmt.Sprint(m["name"]))
				}
			}
			return names
		}))
		ctx.Export("botId", bot.ID())
		// bot.AccessToken is a secret output as well; README.md says why it is not exported here.
		ctx.Export("botsOfThisAccount", accountBots.Bots().ApplyT(func(bots []chatwoot.GetAgentBotsBot) []string {
			names := make([]string, 0, len(bots))
			for _, b := range bots {
				names = append(names, b.Name)
			}
			return names
		}))
		// The widget's website token, for embedding the chat widget: a secret output
		// (`pulumi stack output --show-secrets`).
		ctx.Export("widgetToken", website.WebsiteToken())
		return nil
	})
}
