import { startSandbox } from "../../../sdk/sandbox/index";
import { outcome, request, seedClients, useSandbox } from "./http";

const RULES = "/api/v1/accounts/1/automation_rules";
const STATUS_OPEN: Record<string, unknown> = { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: null };
const rule = (action: Record<string, unknown>, condition = STATUS_OPEN) => ({
  name: "SLA for VIPs",
  event_name: "conversation_created",
  conditions: [condition],
  actions: [action],
});

describe("editions and account features", () => {
  const sandbox = useSandbox();
  const { admin1, agent1 } = seedClients(sandbox);
  const control = (method: string, path: string, json?: unknown) => request(sandbox().url, method, `/__sandbox${path}`, json === undefined ? {} : { json });

  it("shows the account with its enabled features to any member", async () => {
    const [status, body] = outcome(await agent1.get("/api/v1/accounts/1"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 1, name: "Acme", locale: "en", status: "active" });
    expect((body as { features: unknown }).features).toEqual({ captain_integration: true, custom_roles: true, custom_tools: true, saml: true, sla: true });
    sandbox().control.setFeatures(1, { sla: false, delayed_automations: true });
    expect((await admin1.get("/api/v1/accounts/1")).body).toMatchObject({ features: { custom_roles: true, delayed_automations: true } });
  });

  it("lets Enterprise rules add an SLA and test a conversation's policy; a community server refuses both", async () => {
    const sla = { action_name: "add_sla", action_params: [7] };
    const condition = { attribute_key: "sla_policy_id", filter_operator: "equal_to", values: [7], query_operator: null };
    expect((await admin1.post(RULES, rule(sla))).status).toBe(200);
    expect((await admin1.post(RULES, rule({ action_name: "add_label", action_params: ["vip"] }, condition))).status).toBe(200);
    sandbox().control.setEdition("community");
    expect(outcome(await admin1.post(RULES, rule(sla)))).toEqual([422, { error: { actions: ["Automation actions add_sla not supported."] } }]);
    expect(outcome(await admin1.post(RULES, rule({ action_name: "add_label", action_params: ["vip"] }, condition)))).toEqual([
      422,
      { error: { conditions: ["Automation conditions sla_policy_id not supported."] } },
    ]);
  });

  it("switches the edition and the features over HTTP; a reset keeps the edition and restores the features", async () => {
    expect(outcome(await control("GET", "/edition"))).toEqual([200, { edition: "enterprise" }]);
    expect((await control("PUT", "/edition", { edition: "community" })).status).toBe(204);
    expect((await admin1.get("/api/v1/accounts/1/sla_policies")).status).toBe(404);
    expect(outcome(await control("PUT", "/accounts/1/features", { sla: false, reports_v5: true }))).toEqual([200, { features: ["captain_integration", "custom_roles", "custom_tools", "reports_v5", "saml"] }]);
    expect(outcome(await control("GET", "/accounts/1/features"))).toEqual([200, { features: ["captain_integration", "custom_roles", "custom_tools", "reports_v5", "saml"] }]);
    expect((await control("POST", "/reset")).status).toBe(204);
    expect(outcome(await control("GET", "/edition"))).toEqual([200, { edition: "community" }]);
    expect(outcome(await control("GET", "/accounts/1/features"))).toEqual([200, { features: ["captain_integration", "custom_roles", "custom_tools", "saml", "sla"] }]);
  });

  it("refuses a bad edition or feature body with 400, and an unknown account with 404", async () => {
    expect((await control("PUT", "/edition", { edition: "premium" })).status).toBe(400);
    expect((await control("PUT", "/accounts/1/features", { sla: "on" })).status).toBe(400);
    expect((await control("PUT", "/accounts/1/features", { "Bad Name": true })).status).toBe(400);
    expect((await control("GET", "/accounts/9/features")).status).toBe(404);
  });

  it("starts as a community server when asked to", async () => {
    const community = await startSandbox({ edition: "community" });
    try {
      const token = community.info.accounts[0]?.adminToken;
      expect((await request(community.url, "GET", "/api/v1/accounts/1/custom_roles", { token })).status).toBe(404);
      expect((await request(community.url, "GET", "/api/v1/accounts/1/dashboard_apps", { token })).status).toBe(200);
    } finally {
      await community.close();
    }
  });
});
