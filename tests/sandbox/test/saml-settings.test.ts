/**
 * An account's SAML settings, written from upstream's specs (upstream at fd5ac2a8a):
 * spec/enterprise/controllers/api/v1/accounts/saml_settings_controller_spec.rb (the routes, the
 * feature's 403, the administrator-only policy, 422 on invalid, 204 on destroy),
 * spec/enterprise/models/account_saml_settings_spec.rb (presence, `sp_entity_id` generation, the
 * fingerprint's format, the callbacks) and spec/enterprise/jobs/saml/update_account_users_provider_job_spec.rb
 * (the users' `provider`).
 */
import { IDP_CERTIFICATE, IDP_FINGERPRINT, OTHER_IDP_CERTIFICATE, OTHER_IDP_FINGERPRINT } from "../../harness/saml-certificates";
import { outcome, seedClients, useSandbox } from "./http";

const SAML = "/api/v1/accounts/1/saml_settings";
const SAML_2 = "/api/v1/accounts/2/saml_settings";
const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const stamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const SETTINGS = { sso_url: "https://idp.acme.test/sso", certificate: IDP_CERTIFICATE, idp_entity_id: "https://idp.acme.test", role_mappings: { Admins: { role: 1 } } };

describe("SAML settings (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const providers = (accountId: number) =>
    sandbox()
      .control.snapshot()
      .users.filter((u) => u.memberships.some((m) => m.account_id === accountId))
      .map((u) => [u.id, u.provider]);

  it("shows a blank object while the account has none (show never 404s)", async () => {
    expect(outcome(await admin1.get(SAML))).toEqual([
      200,
      { id: null, account_id: 1, sso_url: null, certificate: null, fingerprint: null, idp_entity_id: null, sp_entity_id: null, role_mappings: {}, created_at: null, updated_at: null },
    ]);
  });

  it("creates them under saml_settings, generates the SP entity id and computes the certificate's SHA-1 fingerprint", async () => {
    const created = await admin1.post(SAML, { saml_settings: SETTINGS });
    const body = { id: 1, account_id: 1, ...SETTINGS, fingerprint: IDP_FINGERPRINT, sp_entity_id: `${sandbox().url}/saml/sp/1`, created_at: stamp, updated_at: stamp };
    expect(outcome(created)).toEqual([200, body]);
    expect(IDP_FINGERPRINT).toMatch(/^[A-F0-9]{2}(:[A-F0-9]{2}){19}$/);
    expect(outcome(await admin1.get(SAML))).toEqual([200, body]);
    // A flat body is not wrapped under `saml_settings` (the wrapper key would be `saml_setting`).
    expect(outcome(await admin2.post(SAML_2, SETTINGS))).toEqual([422, { error: "param is missing or the value is empty: saml_settings" }]);
  });

  it("keeps a given SP entity id; an update changes what it sends, a blank SP entity id is generated again", async () => {
    await admin1.post(SAML, { saml_settings: { ...SETTINGS, sp_entity_id: "chatwoot-production" } });
    expect((await admin1.get(SAML)).body).toMatchObject({ sp_entity_id: "chatwoot-production" });
    const updated = await admin1.put(SAML, { saml_settings: { certificate: OTHER_IDP_CERTIFICATE, role_mappings: { NewGroup: { custom_role_id: 5 } }, sp_entity_id: "" } });
    expect(outcome(updated)).toEqual([
      200,
      expect.objectContaining({ id: 1, sso_url: SETTINGS.sso_url, fingerprint: OTHER_IDP_FINGERPRINT, role_mappings: { NewGroup: { custom_role_id: 5 } }, sp_entity_id: `${sandbox().url}/saml/sp/1` }),
    ]);
  });

  it("answers 422 with the full messages (`errors`) for blank fields and a certificate that does not parse, saving nothing", async () => {
    expect(outcome(await admin1.post(SAML, { saml_settings: { sso_url: "", certificate: null } }))).toEqual([
      422,
      { errors: ["Sso url can't be blank", "Certificate can't be blank", "Idp entity can't be blank"] },
    ]);
    expect(outcome(await admin1.post(SAML, { saml_settings: { ...SETTINGS, certificate: "invalid-cert-data" } }))).toEqual([
      422,
      { errors: ["Certificate must be a valid X.509 certificate in PEM format"] },
    ]);
    expect(sandbox().control.snapshot().saml_settings).toEqual([]);
    await admin1.post(SAML, { saml_settings: SETTINGS });
    expect(outcome(await admin1.patch(SAML, { saml_settings: { sso_url: " " } }))).toEqual([422, { errors: ["Sso url can't be blank"] }]);
    expect((await admin1.get(SAML)).body).toMatchObject({ sso_url: SETTINGS.sso_url });
  });

  it("is administrator-only, and an account without the saml feature gets 403 before any other check", async () => {
    for (const reply of [await agent1.get(SAML), await agent1.post(SAML, { saml_settings: SETTINGS }), await agent1.put(SAML, { saml_settings: SETTINGS }), await agent1.delete(SAML)]) {
      expect(outcome(reply)).toEqual([401, NOT_AUTHORIZED]);
    }
    sandbox().control.setFeatures(1, { saml: false });
    for (const reply of [await admin1.get(SAML), await agent1.post(SAML, { saml_settings: SETTINGS }), await admin1.delete(SAML)]) {
      expect(outcome(reply)).toEqual([403, { error: "SAML feature not enabled for this account" }]);
    }
  });

  it("is a route of Enterprise's: a community server answers Rails' routing 404", async () => {
    sandbox().control.setEdition("community");
    expect(outcome(await admin1.get(SAML))).toEqual([404, expect.anything()]);
  });

  it("switches the account's users to SAML sign-in on create, and back to e-mail on destroy (204), except users of another SAML account", async () => {
    expect(providers(1)).toEqual([[1, "email"], [2, "email"], [3, "email"], [4, "email"]]);
    await admin1.post(SAML, { saml_settings: SETTINGS });
    expect(providers(1)).toEqual([[1, "saml"], [2, "saml"], [3, "saml"], [4, "saml"]]);
    // The agents view shows it.
    expect(((await admin1.get("/api/v1/accounts/1/agents")).body as { provider: string }[]).map((a) => a.provider)).toEqual(["saml", "saml", "saml", "saml"]);
    await admin2.post(SAML_2, { saml_settings: SETTINGS });
    const destroyed = await admin1.delete(SAML);
    expect(destroyed.status).toBe(204);
    // Dana (4) is in Globex too, which has SAML settings: she keeps SAML sign-in.
    expect(providers(1)).toEqual([[1, "email"], [2, "email"], [3, "email"], [4, "saml"]]);
    expect((await admin1.get(SAML)).body).toMatchObject({ id: null });
    // Deleting what is not there is no error either (`destroy!` of the blank row).
    expect((await admin1.delete(SAML)).status).toBe(204);
  });

  it("replaces the account's settings on a second POST, and creates them on an update when there are none", async () => {
    await admin1.post(SAML, { saml_settings: SETTINGS });
    expect((await admin1.post(SAML, { saml_settings: { ...SETTINGS, sso_url: "https://idp.acme.test/sso2" } })).body).toMatchObject({ id: 2, sso_url: "https://idp.acme.test/sso2" });
    expect(sandbox().control.snapshot().saml_settings.map((s) => s.id)).toEqual([2]);
    expect((await admin2.put(SAML_2, { saml_settings: SETTINGS })).body).toMatchObject({ id: 3, account_id: 2 });
    expect(providers(2)).toEqual([[4, "saml"], [5, "saml"]]);
  });
});
