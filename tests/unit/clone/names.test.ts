/** Names of the generated constants and resources: readable, valid, unique and stable. */
import { NameBook } from "../../../sdk/clone/names";

/** What ECMAScript accepts as an identifier. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

describe("NameBook.claim", () => {
  test.each([
    ["label", "vip", "labelVip", "label-vip"],
    ["team", "Billing", "teamBilling", "team-billing"],
    ["inbox", "Acme Website", "inboxAcmeWebsite", "inbox-acme-website"],
    ["canned response", "refund_policy", "cannedResponseRefundPolicy", "canned-response-refund-policy"],
    ["webhook", "crm.acme.test/chatwoot", "webhookCrmAcmeTestChatwoot", "webhook-crm-acme-test-chatwoot"],
    ["inbox", "Café Zürich", "inboxCafeZurich", "inbox-cafe-zurich"],
    ["inbox", "SupportTeam", "inboxSupportTeam", "inbox-support-team"],
  ])("%s %j → %s / %s", (prefix, key, identifier, resourceName) => {
    expect(new NameBook().claim(prefix, key)).toEqual({ identifier, resourceName });
  });

  test.each(["サポート", "½ price", "2024 plan", "", "!!!", "Ελληνικά", "हिन्दी", "x\u0301"])("%j makes a valid identifier", (key) => {
    const { identifier } = new NameBook().claim("", key);
    expect(identifier).toMatch(IDENTIFIER);
  });

  test("a name that is a reserved word is not used as is", () => {
    const names = new NameBook();
    for (const word of ["class", "default", "new"]) expect(names.claim("", word).identifier).toBe(`_${word}`);
  });

  test("repeated and colliding names are numbered, both the identifier and the resource name", () => {
    const names = new NameBook();
    const claims = ["Support", "support", "SUPPORT!", "support 2", "support2"].map((key) => names.claim("inbox", key));
    expect(new Set(claims.map((c) => c.identifier)).size).toBe(claims.length);
    expect(new Set(claims.map((c) => c.resourceName)).size).toBe(claims.length);
    expect(claims.slice(0, 3).map((c) => c.identifier)).toEqual(["inboxSupport", "inboxSupport2", "inboxSupport3"]);
  });

  test("reserved identifiers are never handed out", () => {
    const { identifier } = new NameBook(["adopt"]).claim("", "adopt");
    expect(identifier).not.toBe("adopt");
  });

  test("the same claims in the same order get the same names", () => {
    const keys = ["vip", "VIP", "billing issue", "Café", "サポート"];
    const run = () => {
      const names = new NameBook();
      return keys.map((k) => names.claim("label", k));
    };
    expect(run()).toEqual(run());
  });

  test("long keys are cut to a readable length and still unique", () => {
    const names = new NameBook();
    const long = "one two three four five six seven eight nine ten";
    const a = names.claim("rule", long);
    const b = names.claim("rule", `${long} eleven`);
    expect(a.resourceName.split("-").length).toBeLessThanOrEqual(8);
    expect(b.identifier).not.toBe(a.identifier);
  });
});
