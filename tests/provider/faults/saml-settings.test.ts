import { resources } from "../../../provider";
import { IDP_CERTIFICATE } from "../../harness/saml-certificates";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const saml = "/api/v1/accounts/:account/saml_settings";
const desired = { ssoUrl: "https://idp.acme.test/sso", idpEntityId: "https://idp.acme.test", certificate: IDP_CERTIFICATE };
const changed = { ...desired, ssoUrl: "https://idp.acme.test/sso2" };

// No twin case: an account has one set of SAML settings, which a create finds with its first read
// (and refuses without adopt: see saml-settings.test.ts); a second POST replaces, never doubles them.
faultMatrix(
  {
    kind: "SamlSettings",
    provider: resources.SamlSettings,
    desired: () => desired,
    changed: () => changed,
    requests: {
      create: { method: "POST", path: saml },
      update: { method: "PATCH", path: saml },
      read: { method: "GET", path: saml },
      delete: { method: "DELETE", path: saml },
    },
    list: async (c) => c.sb.control.snapshot().saml_settings.filter((s) => s.account_id === c.account.id) as unknown as Record<string, unknown>[],
    matches: (o, inputs) => o.sso_url === inputs.ssoUrl && o.idp_entity_id === inputs.idpEntityId,
  },
  ctx,
);
