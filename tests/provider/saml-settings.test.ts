/**
 * What is SamlSettings' own: an account's one set of SAML settings (Enterprise), at a path without
 * an id, whose show answers a blank object when there are none; the feature's 403 and the
 * server's `{"errors": [...]}`; the users' sign-in provider that create and delete switch.
 * Upstream: enterprise/app/controllers/api/v1/accounts/saml_settings_controller.rb, its request
 * spec and enterprise/app/models/account_saml_settings.rb.
 */
import { resources } from "../../provider";
import { IDP_CERTIFICATE, IDP_FINGERPRINT, OTHER_IDP_CERTIFICATE, OTHER_IDP_FINGERPRINT } from "../harness/saml-certificates";
import { create, destroy, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.SamlSettings;
const desired = { ssoUrl: "https://idp.acme.test/sso", idpEntityId: "https://idp.acme.test", certificate: IDP_CERTIFICATE };

describe.each(SHAPES)("SamlSettings (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const path = () => `/api/v1/accounts/${ctx.account.id}/saml_settings`;
  const writes = () => ctx.writes().map((w) => ({ method: w.method, path: w.path, body: w.body }));
  const providers = () => ctx.sb.control.snapshot().users.filter((u) => u.memberships.some((m) => m.account_id === ctx.account.id)).map((u) => u.provider);

  it("creates with a read and one POST under saml_settings; outputs the fingerprint and the generated SP entity id; a second up sends nothing", async () => {
    const state = await create(provider, { ...desired, roleMappings: { "Support Leads": { role: "administrator" }, Billing: { customRoleId: "7" } } });
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${path()}`, `POST ${path()}`]);
    expect(writes()).toEqual([
      {
        method: "POST",
        path: path(),
        body: { saml_settings: { sso_url: desired.ssoUrl, idp_entity_id: desired.idpEntityId, certificate: IDP_CERTIFICATE, role_mappings: { "Support Leads": { role: 1 }, Billing: { custom_role_id: 7 } } } },
      },
    ]);
    expect(state.id).toBe(String(ctx.account.id));
    expect(state.outs).toMatchObject({
      accountId: ctx.account.id,
      fingerprint: IDP_FINGERPRINT,
      spEntityId: `${ctx.sb.url}/saml/sp/${ctx.account.id}`,
      roleMappings: { "Support Leads": { role: "administrator" }, Billing: { customRoleId: 7 } },
    });
    // No key of the server's own (a newer build's private key, say) is read into the outputs.
    expect(Object.keys(state.outs).filter((k) => k !== "__inputs").sort()).toEqual(["accountId", "certificate", "fingerprint", "idpEntityId", "roleMappings", "spEntityId", "ssoUrl"]);
    ctx.sb.control.clearLog();
    const again = await up(provider, state, { ...desired, roleMappings: { "Support Leads": { role: "administrator" }, Billing: { customRoleId: 7 } } });
    expect(again.op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("compares the certificate without its line breaks: a copy wrapped otherwise is no change; another certificate is one PATCH", async () => {
    const state = await create(provider, desired);
    ctx.sb.control.clearLog();
    // The same base64 in lines of 76 characters, CR LF line ends and a blank line after it.
    const base64 = IDP_CERTIFICATE.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const rewrapped = ["-----BEGIN CERTIFICATE-----", ...(base64.match(/.{1,76}/g) ?? []), "-----END CERTIFICATE-----", "", ""].join("\r\n");
    expect((await up(provider, state, { ...desired, certificate: rewrapped })).op).toBe("same");
    const { op, state: next } = await up(provider, state, { ...desired, certificate: OTHER_IDP_CERTIFICATE, spEntityId: "chatwoot-acme" });
    expect(op).toBe("update");
    expect(writes()).toEqual([{ method: "PATCH", path: path(), body: { saml_settings: { certificate: OTHER_IDP_CERTIFICATE, sp_entity_id: "chatwoot-acme" } } }]);
    expect(next.outs).toMatchObject({ fingerprint: OTHER_IDP_FINGERPRINT, spEntityId: "chatwoot-acme" });
  });

  it("refuses settings the account has already unless adopt is set, then sends only what differs", async () => {
    await ctx.admin("POST", path(), { saml_settings: { sso_url: "https://old.acme.test/sso", certificate: IDP_CERTIFICATE, idp_entity_id: desired.idpEntityId } });
    ctx.sb.control.clearLog();
    await expect(create(provider, desired)).rejects.toThrow(`account ${ctx.account.id} already has SAML settings; set adopt: true to manage it`);
    expect(ctx.writes()).toHaveLength(0);
    const state = await create(provider, { ...desired, adopt: true });
    expect(writes()).toEqual([{ method: "PATCH", path: path(), body: { saml_settings: { sso_url: desired.ssoUrl } } }]);
    expect(state.outs).toMatchObject({ adopted: true, ssoUrl: desired.ssoUrl });
  });

  it("switches the account's users to SAML sign-in on create and back on delete; a refresh after an outside delete reads it as gone", async () => {
    const state = await create(provider, desired);
    expect(new Set(providers())).toEqual(new Set(["saml"]));
    await destroy(provider, state);
    expect(writes().at(-1)).toEqual({ method: "DELETE", path: path(), body: null });
    expect(new Set(providers())).toEqual(new Set(["email"]));
    const again = await create(provider, desired);
    await ctx.admin("DELETE", path());
    expect(await refresh(provider, again)).toBeUndefined();
  });

  it("renders the server's list of validation errors readably", async () => {
    const errors = ["Sso url can't be blank", "Certificate must be a valid X.509 certificate in PEM format"];
    ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/saml_settings", kind: "status", status: 422, body: { errors } });
    await expect(create(provider, desired)).rejects.toThrow(/POST \/api\/v1\/accounts\/1\/saml_settings: 422 Sso url can't be blank[,;] Certificate must be a valid X\.509 certificate in PEM format/);
  });
});

describe("SamlSettings without the feature", () => {
  const ctx = useSandbox();

  it("an account whose saml feature is off: 403 with the server's words and the hint, nothing written", async () => {
    ctx.sb.control.setFeatures(ctx.account.id, { saml: false });
    await expect(create(provider, desired)).rejects.toThrow(
      /GET \/api\/v1\/accounts\/1\/saml_settings: 403 SAML feature not enabled for this account; .*an Enterprise feature of the account is off \(.*SAML: saml\)/,
    );
    expect(ctx.writes()).toEqual([]);
  });

  it("a community server: its routing 404 is named as the missing edition, never read as gone", async () => {
    const state = await create(provider, desired);
    ctx.sb.control.setEdition("community");
    await expect(refresh(provider, state)).rejects.toThrow(/this server has no SAML settings: they are a feature of Chatwoot's Enterprise edition/);
    await expect(create(provider, desired)).rejects.toThrow(/Enterprise edition/);
  });
});
