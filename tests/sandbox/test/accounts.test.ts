// Upstream at fd5ac2a8a: spec/controllers/api/v1/accounts_controller_spec.rb; the answers as
// app/views/api/v1/accounts/show.json.jbuilder and app/views/api/v1/models/_account.json.jbuilder render them.
import { outcome, seedClients, useSandbox } from "./http";

const ACCOUNT = "/api/v1/accounts/1";

describe("the account (show and update)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2, platform1, anonymous } = seedClients(sandbox);

  it("shows the account to every member, with the installation's sender while it has no support address", async () => {
    const answer = await agent1.get(ACCOUNT);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 1, name: "Acme", locale: "en", domain: null, support_email: "Chatwoot <accounts@chatwoot.com>", settings: {}, status: "active" });
    expect(answer.body).not.toHaveProperty("custom_attributes");
  });

  it("answers 404 for an account the user is no member of, and refuses bots and anonymous callers", async () => {
    expect(outcome(await admin2.get(ACCOUNT))).toEqual([404, { error: "Resource could not be found" }]);
    expect((await admin1.get("/api/v1/accounts/99")).status).toBe(404);
    expect((await platform1.get(ACCOUNT)).body).toEqual({ error: "Access to this endpoint is not authorized for bots" });
    expect((await anonymous.get(ACCOUNT)).status).toBe(401);
  });

  it("updates the sent fields, settings and custom attributes for administrators, ignoring other keys", async () => {
    const answer = await admin1.patch(ACCOUNT, {
      name: "Acme Inc",
      locale: "pt_BR",
      domain: "mail.acme.test",
      support_email: "Acme Support <help@acme.test>",
      auto_resolve_after: 1440,
      auto_resolve_message: "Closed for inactivity",
      auto_resolve_label: "auto-closed",
      conversation_required_attributes: ["plan"],
      industry: "Retail",
      features: { everything: true },
      status: "suspended",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: "Acme Inc",
      locale: "pt_BR",
      domain: "mail.acme.test",
      support_email: "Acme Support <help@acme.test>",
      settings: { auto_resolve_after: 1440, auto_resolve_message: "Closed for inactivity", auto_resolve_label: "auto-closed", conversation_required_attributes: ["plan"] },
      custom_attributes: { industry: "Retail" },
      status: "active",
      features: {},
    });
    // Only what is sent changes; a setting sent as null is cleared.
    const next = await admin1.patch(ACCOUNT, { auto_resolve_after: null });
    expect(next.body).toMatchObject({ name: "Acme Inc", settings: { auto_resolve_after: null, auto_resolve_message: "Closed for inactivity" } });
    expect(outcome(await agent1.patch(ACCOUNT, { name: "x" }))).toEqual([401, { error: "You are not authorized to do this action" }]);
  });

  // app/views/api/v1/models/_account.json.jbuilder: the billing keys always (null when unset), a fixed list of others when present.
  it("renders the custom attributes the partial lists, once there are any", async () => {
    expect(outcome(await admin1.patch(ACCOUNT, { industry: "Retail", company_size: "" }))).toEqual([
      200,
      expect.objectContaining({ custom_attributes: { plan_name: null, subscribed_quantity: null, subscription_status: null, subscription_ends_on: null, industry: "Retail" } }),
    ]);
  });

  // _account.json.jbuilder lists these custom attributes only; later builds add others (contact_masking, ...).
  it.each([
    ["timezone", "Europe/Berlin", true],
    ["logo", "https://cdn.acme.test/logo.png", true],
    ["contact_masking", true, false],
    ["show_label_to_agent", true, false],
  ])("renders the custom attribute %s: %s", async (key, value, shown) => {
    await platform1.patch("/platform/api/v1/accounts/1", { custom_attributes: { industry: "Retail", [key]: value } });
    const attributes = ((await admin1.get(ACCOUNT)).body as { custom_attributes: Record<string, unknown> }).custom_attributes;
    expect(Object.hasOwn(attributes, key)).toBe(shown);
  });

  // show.json.jbuilder adds the Enterprise partial's subscribed_features (none without Cloud's plan features); update renders the partial alone.
  it.each([
    ["enterprise", true],
    ["community", false],
  ] as const)("shows subscribed_features on a %s server: %s", async (edition, shown) => {
    sandbox().control.setEdition(edition);
    const shownBody = (await admin1.get(ACCOUNT)).body as Record<string, unknown>;
    expect(Object.hasOwn(shownBody, "subscribed_features")).toBe(shown);
    if (shown) expect(shownBody.subscribed_features).toEqual([]);
    expect((await admin1.patch(ACCOUNT, { name: "Acme" })).body).not.toHaveProperty("subscribed_features");
  });

  it("validates like the model: 422 for the name, domain, support address and settings, 500 for an unknown locale", async () => {
    expect(outcome(await admin1.patch(ACCOUNT, { name: " " }))).toEqual([422, { message: "Name can't be blank", attributes: ["name"] }]);
    expect((await admin1.patch(ACCOUNT, { domain: `${"d".repeat(95)}.test1` })).status).toBe(422);
    expect(outcome(await admin1.patch(ACCOUNT, { support_email: "help at acme" }))).toEqual([422, { message: "Support email is invalid", attributes: ["support_email"] }]);
    for (const value of [5, 1_439_857, "1440", 90.5]) expect((await admin1.patch(ACCOUNT, { auto_resolve_after: value })).status).toBe(422);
    expect((await admin1.patch(ACCOUNT, { auto_resolve_ignore_waiting: "yes" })).status).toBe(422);
    expect((await admin1.patch(ACCOUNT, { locale: "klingon" })).status).toBe(500);
    expect((await admin1.get(ACCOUNT)).body).toMatchObject({ name: "Acme", locale: "en", settings: {} });
  });
});
