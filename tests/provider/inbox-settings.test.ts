import { resources } from "../../provider";
import { create, refresh, up, type Props, type State } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.Inbox;

/** The settings of an inbox that refer to other objects (labels, a portal, custom attributes), and the widget's and API channel's own. */
describe.each(SHAPES)("Inbox settings (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const inboxes = () => `/api/v1/accounts/${ctx.account.id}/inboxes`;
  const at = (id: string | number) => `${inboxes()}/${id}`;
  const row = (id: string | number) => (ctx.sb.control.snapshot() as unknown as { inboxes: Props[] }).inboxes.find((r) => r.id === Number(id));
  const writeLines = () => ctx.writes().map((w) => `${w.method} ${w.path}`);
  const fresh = async (inputs: Props): Promise<State> => {
    const state = await create(provider, inputs);
    ctx.sb.control.clearLog();
    return state;
  };

  describe("csatConfig", () => {
    const api = { name: "Orders", channel: { type: "api" }, csatSurveyEnabled: true };
    const survey = { displayType: "star", message: "How did we do?", surveyRules: { operator: "does_not_contain", values: ["Spam", "billing"] } };

    it("is sent whole, Chatwoot's defaults in place of the keys left out, labels in lower case; a second up sends nothing", async () => {
      const state = await create(provider, { ...api, csatConfig: survey });
      expect(writeLines()).toEqual([`POST ${inboxes()}`]);
      expect(ctx.writes()[0].body).toMatchObject({
        csat_config: { display_type: "star", message: "How did we do?", button_text: "Please rate us", language: "en", survey_rules: { operator: "does_not_contain", values: ["billing", "spam"] } },
      });
      expect(state.outs.csatConfig).toMatchObject({ displayType: "star", surveyRules: { values: ["billing", "spam"] } });
      ctx.sb.control.clearLog();
      // The labels' order and case, and the defaults written out, are no change.
      const same = { ...api, csatConfig: { ...survey, buttonText: "Please rate us", language: "en", surveyRules: { operator: "does_not_contain", values: ["spam", "BILLING"] } } };
      expect((await up(provider, (await refresh(provider, state))!, same)).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("keeps the WhatsApp template the inbox holds when it changes the config, and sees drift", async () => {
      const state = await fresh({ ...api, csatConfig: survey });
      const template = { name: "csat_survey", template_id: "9", language: "en", status: "APPROVED" };
      await ctx.admin("PATCH", at(state.id), { csat_config: { display_type: "star", message: "How did we do?", survey_rules: { operator: "does_not_contain", values: ["spam", "billing"] }, template } });
      const refreshed = (await refresh(provider, state))!;
      expect((refreshed.outs.csatConfig as Props).template).toEqual(template);
      // The template is not managed: its presence is no change.
      expect((await up(provider, refreshed, { ...api, csatConfig: survey })).op).toBe("same");
      ctx.sb.control.clearLog();
      const { state: next } = await up(provider, refreshed, { ...api, csatConfig: { ...survey, message: "Rate us" } });
      expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { csat_config: expect.objectContaining({ message: "Rate us", template }) } })]);
      expect(row(state.id)?.csat_config).toMatchObject({ message: "Rate us", template });
      // Changed by hand: a display type back to the default.
      await ctx.admin("PATCH", at(state.id), { csat_config: { message: "Rate us", survey_rules: { operator: "does_not_contain", values: ["spam", "billing"] } } });
      const drifted = (await refresh(provider, next))!;
      expect(drifted.outs.csatConfig).toMatchObject({ displayType: "emoji" });
      expect((await up(provider, drifted, { ...api, csatConfig: { ...survey, message: "Rate us" } })).op).toBe("update");
    });
  });

  describe("portalId", () => {
    /** A portal made by hand (its id from the sandbox's state: the answer's shape depends on the mode). */
    const portal = async (slug: string, account = ctx.account.id, token = ctx.account.adminToken) => {
      await fetch(`${ctx.sb.url}/api/v1/accounts/${account}/portals`, {
        method: "POST",
        headers: { api_access_token: token, "content-type": "application/json" },
        body: JSON.stringify({ name: `Help ${slug}`, slug }),
      });
      ctx.sb.control.clearLog();
      const portals = (ctx.sb.control.snapshot() as unknown as { portals: { id: number; slug: string }[] }).portals;
      return portals.find((p) => p.slug === slug)!.id;
    };

    it("links the help center by id, reads it back by the slug the server shows, and unlinks it with null", async () => {
      const help = await portal("help");
      const website = { name: "Website", channel: { type: "web_widget", websiteUrl: "https://www.acme.test" }, portalId: String(help) };
      const state = await create(provider, website);
      expect(ctx.writes()[0].body).toMatchObject({ portal_id: help });
      expect(state.outs.portalId).toBe(help);
      ctx.sb.control.clearLog();
      expect((await up(provider, (await refresh(provider, state))!, { ...website, portalId: help })).op).toBe("same");
      const { state: unlinked } = await up(provider, state, { ...website, portalId: null });
      expect(ctx.writes().map((w) => w.body)).toEqual([{ portal_id: null }]);
      expect(unlinked.outs.portalId).toBeNull();
      expect(row(state.id)?.portal_id).toBeNull();
    });

    it("fails a refresh whose portal look-up fails, and never reports the inbox gone for it", async () => {
      const help = await portal("help");
      const state = await fresh({ name: "Website", channel: { type: "web_widget", websiteUrl: "https://www.acme.test" }, portalId: help });
      ctx.sb.control.inject({ method: "GET", path: "/api/v1/accounts/:account/portals", kind: "status", status: 500, times: 10 });
      ctx.connect({ maxRetries: "0" });
      try {
        await expect(refresh(provider, state)).rejects.toThrow(/GET \/api\/v1\/accounts\/\d+\/portals: 500/);
      } finally {
        ctx.connect();
        ctx.sb.control.clearFaults();
      }
      expect((await refresh(provider, state))?.outs.portalId).toBe(help);
    });

    it("reports a help center changed by hand as drift, and refuses a portal of another account after the write", async () => {
      const [help, other] = [await portal("help"), await portal("other-help")];
      const website = { name: "Website", channel: { type: "web_widget", websiteUrl: "https://www.acme.test" }, portalId: help };
      const state = await fresh(website);
      await ctx.admin("PATCH", at(state.id), { portal_id: other });
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.outs.portalId).toBe(other);
      const [second] = ctx.sb.info.accounts.slice(1);
      const foreign = await portal("globex-help", second.id, second.adminToken);
      await expect(up(provider, refreshed, { ...website, portalId: foreign })).rejects.toThrow(/did not take portalId/);
    });
  });

  describe("web-widget and API channel settings", () => {
    const fields = [
      { fieldType: "standard", name: "emailAddress", label: "E-mail", type: "email", required: true, enabled: true },
      { fieldType: "contact_attribute", name: "plan", label: "Plan", type: "list", values: ["free", "pro"], enabled: true },
    ];
    const widget = {
      name: "Website",
      channel: {
        type: "web_widget",
        websiteUrl: "https://www.acme.test",
        preChatFormEnabled: true,
        preChatFormOptions: { preChatMessage: "Before we start", preChatFields: fields },
        allowedDomains: ["acme.test", "*.acme.test"],
      },
    };

    it("sends the pre-chat form and allowed domains in the server's form, and compares them as it holds them", async () => {
      const state = await create(provider, widget);
      expect(ctx.writes()[0].body).toMatchObject({
        channel: {
          allowed_domains: "acme.test, *.acme.test",
          pre_chat_form_options: {
            pre_chat_message: "Before we start",
            pre_chat_fields: [
              { field_type: "standard", name: "emailAddress", label: "E-mail", type: "email", required: true, enabled: true },
              { field_type: "contact_attribute", name: "plan", label: "Plan", type: "list", values: ["free", "pro"], enabled: true },
            ],
          },
        },
      });
      expect(state.outs.channel).toMatchObject({ allowedDomains: ["acme.test", "*.acme.test"], preChatFormOptions: { preChatMessage: "Before we start", preChatFields: fields } });
      ctx.sb.control.clearLog();
      // Domains are a set, in any case; a flag left out is false.
      const same = { ...widget, channel: { ...widget.channel, allowedDomains: ["*.ACME.test", "acme.test"], preChatFormOptions: { preChatMessage: "Before we start", preChatFields: [fields[0], { ...fields[1], required: false }] } } };
      expect((await up(provider, (await refresh(provider, state))!, same)).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("changes a field's label with one PATCH carrying the whole form, and sees domains changed by hand", async () => {
      const state = await fresh(widget);
      const relabelled = { ...widget, channel: { ...widget.channel, preChatFormOptions: { preChatMessage: "Before we start", preChatFields: [fields[0], { ...fields[1], label: "Your plan" }] } } };
      const { state: next } = await up(provider, state, relabelled);
      expect(ctx.writes()).toHaveLength(1);
      expect(ctx.writes()[0].body).toEqual({ channel: { pre_chat_form_options: expect.objectContaining({ pre_chat_fields: [expect.anything(), expect.objectContaining({ label: "Your plan" })] }) } });
      await ctx.admin("PATCH", at(state.id), { channel: { allowed_domains: "acme.test" } });
      const refreshed = (await refresh(provider, next))!;
      expect((refreshed.outs.channel as Props).allowedDomains).toEqual(["acme.test"]);
      ctx.sb.control.clearLog();
      await up(provider, refreshed, relabelled);
      expect(ctx.writes().map((w) => w.body)).toEqual([{ channel: { allowed_domains: "acme.test, *.acme.test" } }]);
    });

    it("replaces an API channel's additional attributes whole", async () => {
      const backend = { name: "Backend", channel: { type: "api", additionalAttributes: { agent_reply_time_window: 24, region: "eu" } } };
      const state = await fresh(backend);
      const { state: next } = await up(provider, state, { ...backend, channel: { type: "api", additionalAttributes: { region: "us" } } });
      expect(ctx.writes().map((w) => w.body)).toEqual([{ channel: { additional_attributes: { region: "us" } } }]);
      expect((next.outs.channel as Props).additionalAttributes).toEqual({ region: "us" });
      expect(row(state.id)?.additional_attributes).toEqual({ region: "us" });
    });
  });
});
