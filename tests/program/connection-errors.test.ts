/**
 * A stack whose `chatwoot:url` is missing or malformed, with `chatwoot:accountId` set: the run fails
 * on the URL, named once per resource with its config key and environment variable, and says
 * nothing about the account.
 */
import { OfflineRunError, runProgram } from "../harness/offline-runner";
import { chatwoot, useSdkStack } from "./support/sdk-stack";

const stack = useSdkStack();

test.each([
  ["missing", undefined, "chatwoot:url (or environment variable CHATWOOT_URL) is not set"],
  ["malformed", "chat.example.com/no scheme", "chatwoot:url (or environment variable CHATWOOT_URL) is not a valid URL"],
])("a %s URL is reported as itself, before any request", async (_what, url, message) => {
  const { "chatwoot:url": _url, ...config } = stack.options().config ?? {};
  const program = () => ({ id: new chatwoot.CustomAttributeDefinition("plan", { attributeKey: "plan", attributeModel: "contact_attribute", attributeDisplayName: "Plan", attributeDisplayType: "text" }).id });
  const error = await runProgram({
    ...stack.options(),
    config: url === undefined ? config : { ...config, "chatwoot:url": url },
    // The host must not find the URL in its environment either.
    env: { CHATWOOT_URL: "" },
    program,
    project: "inline",
    stack: "dev",
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfflineRunError);
  const text = (error as Error).message;
  expect(text).toContain(`plan (pulumi-nodejs:dynamic/chatwoot:CustomAttributeDefinition) has invalid inputs:\n    ${message}`);
  expect(text.split(message)).toHaveLength(2);
  expect(text).not.toMatch(/accountId/);
  expect(stack.sandbox.control.log()).toEqual([]);
});
