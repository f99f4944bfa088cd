import { resources } from "../../../provider";
import { IDP_CERTIFICATE } from "../../harness/saml-certificates";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, ssoUrl: "https://idp.acme.test/sso", idpEntityId: "https://idp.acme.test", certificate: IDP_CERTIFICATE };

export const corpus: BadInputCorpus = {
  kind: "SamlSettings",
  provider: resources.SamlSettings,
  cases: [
    { name: "no sign-in URL", inputs: { ...valid, ssoUrl: undefined }, property: "ssoUrl" },
    { name: "sign-in URL without a scheme", inputs: { ...valid, ssoUrl: "idp.acme.test/sso" }, property: "ssoUrl", reason: "http:// or https://" },
    { name: "blank IdP entity id", inputs: { ...valid, idpEntityId: " " }, property: "idpEntityId", reason: "must not be blank" },
    { name: "no certificate", inputs: { ...valid, certificate: undefined }, property: "certificate", reason: "PEM" },
    { name: "certificate fingerprint instead of the certificate", inputs: { ...valid, certificate: "AA:BB:CC:DD" }, property: "certificate", reason: "PEM" },
    {
      name: "certificate cut short",
      inputs: { ...valid, certificate: IDP_CERTIFICATE.slice(0, 200) + "\n-----END CERTIFICATE-----\n" },
      property: "certificate",
      reason: "does not parse",
    },
    { name: "blank SP entity id", inputs: { ...valid, spEntityId: "" }, property: "spEntityId", reason: "leave it out" },
    { name: "role by number", inputs: { ...valid, roleMappings: { Admins: { role: 1 } } }, property: "roleMappings.Admins.role", reason: "agent, administrator" },
    { name: "mapping with both a role and a custom role", inputs: { ...valid, roleMappings: { Admins: { role: "agent", customRoleId: 3 } } }, property: "roleMappings.Admins", reason: "either role or customRoleId" },
    { name: "mapping with neither", inputs: { ...valid, roleMappings: { Admins: {} } }, property: "roleMappings.Admins", reason: "either role or customRoleId" },
    { name: "mapping key in snake_case", inputs: { ...valid, roleMappings: { Admins: { custom_role_id: 3 } } }, property: "roleMappings.Admins" },
    { name: "unknown argument (the fingerprint is the server's)", inputs: { ...valid, fingerprint: "AA:BB" }, property: "fingerprint" },
  ],
};
