/**
 * A stack whose `chatwoot:url` is missing or malformed, with `chatwoot:accountId` set: `pulumi
 * preview` fails on the URL, named with its config key and environment variable, says nothing
 * about the account, and sends no request.
 */
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { useSdkProject } from "./support/sdk-project";

jest.setTimeout(90_000);

const PROGRAM = `
import * as chatwoot from "pulumi-chatwoot";
export const id = new chatwoot.CustomAttributeDefinition("plan", { attributeKey: "plan", attributeModel: "contact_attribute", attributeDisplayName: "Plan", attributeDisplayType: "text" }).id;
`;

realEngine.describe("connection settings through `pulumi`", () => {
  const stack = useSdkProject();

  test.each([
    ["missing", undefined, "chatwoot:url (or environment variable CHATWOOT_URL) is not set"],
    ["malformed", "chat.example.com/no scheme", "chatwoot:url (or environment variable CHATWOOT_URL) is not a valid URL"],
  ])("a %s URL is reported as itself, before any request", async (_what, url, message) => {
    const { config, secretKeys } = stack.settings();
    const { "chatwoot:url": _url, ...rest } = config;
    const project = await stack.init(PROGRAM, { config: url === undefined ? rest : { ...rest, "chatwoot:url": url }, secretKeys });
    // The provider must not find the URL in its environment either.
    project.env.CHATWOOT_URL = "";
    const preview = await project.preview();
    expect(preview.code).not.toBe(0);
    const text = preview.errors.join("\n");
    expect(text).toContain(`pulumi-nodejs:dynamic/chatwoot:CustomAttributeDefinition resource 'plan' has a problem: ${message}`);
    expect(text).not.toMatch(/accountId/);
    expect(stack.sandbox.control.log()).toEqual([]);
    project.dispose();
  });

  test("with the URL set, the same program previews cleanly", async () => {
    const project = await stack.init(PROGRAM);
    expectSuccess(await project.preview());
  });
});
