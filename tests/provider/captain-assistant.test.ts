/**
 * What is CaptainAssistant's own (the shared lifecycle is in collection-resources.test.ts): the
 * Captain guard's 403 in an account without Captain, with the transport's hint; the config that
 * every write replaces whole; and adoption by a name Chatwoot does not keep unique.
 */
import { resources } from "../../provider";
import { create, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const assistant = resources.CaptainAssistant;
const helpdesk = { name: "Helpdesk", description: "Answers questions", productName: "Acme", featureFaq: true };

describe("CaptainAssistant", () => {
  const ctx = useSandbox();
  const collection = () => `/api/v1/accounts/${ctx.account.id}/captain/assistants`;
  const stored = () => ctx.sb.control.snapshot().captain_assistants;

  // captain/feature_guard_spec.rb: 403 before anything else in an account without captain_integration.
  it("fails with the guard's 403 and the feature hint in an account without Captain, after one request", async () => {
    ctx.sb.control.setFeatures(ctx.account.id, { captain_integration: false });
    ctx.sb.control.clearLog();
    await expect(create(assistant, helpdesk)).rejects.toThrow(
      /GET \/api\/v1\/accounts\/1\/captain\/assistants: 403 Captain is not enabled for this account; an Enterprise feature of the account is off \(Captain: captain_integration/,
    );
    expect(ctx.sb.control.log().filter((r) => r.path.includes("/captain/"))).toHaveLength(1);
    expect(stored()).toEqual([]);
  });

  it("keeps the config fields the program leaves out when it changes one (the server replaces config whole)", async () => {
    const made = await create(assistant, helpdesk);
    // Set by hand: a welcome message the program does not declare.
    await ctx.admin("PATCH", `${collection()}/${made.id}`, { assistant: { config: { product_name: "Acme", feature_faq: true, welcome_message: "Hi!" } } });
    const refreshed = (await refresh(assistant, made))!;
    expect(refreshed.outs).toMatchObject({ welcomeMessage: "Hi!" });
    ctx.sb.control.clearLog();
    await up(assistant, refreshed, { ...helpdesk, productName: "Acme Cloud" });
    expect(ctx.writes().map((w) => w.body)).toEqual([{ assistant: { config: { product_name: "Acme Cloud", feature_faq: true, welcome_message: "Hi!" } } }]);
    expect(stored()[0]?.config).toEqual({ product_name: "Acme Cloud", feature_faq: true, welcome_message: "Hi!" });
  });

  it("refuses to adopt a name several assistants have, before any write", async () => {
    for (const description of ["One", "Two"]) await ctx.admin("POST", collection(), { assistant: { name: "Helpdesk", description } });
    ctx.sb.control.clearLog();
    await expect(create(assistant, { ...helpdesk, adopt: true })).rejects.toThrow(/^adopt: name "Helpdesk" names 2 objects \(Captain assistant 2, 1\), which the server does not keep unique/);
    expect(ctx.writes()).toEqual([]);
  });
});
