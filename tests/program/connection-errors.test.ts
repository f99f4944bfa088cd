/**
 * Connection settings that cannot work, through the real `pulumi` CLI. A stack whose
 * `chatwoot:url` is missing or malformed, with `chatwoot:accountId` set: `pulumi preview` fails on
 * the URL, named with its config key and environment variable, says nothing about the account,
 * and sends no request. A wrong token, a URL whose host does not resolve and a server that is down
 * each fail `pulumi preview` and `pulumi up` within seconds with one message, no stack frames and
 * no token, for a program of resources and for one of a data source's Output form (whose errors
 * Node.js 20 once took 80 s to print, see sdk/program-error.ts).
 */
import { closedPort } from "../unit/http/support/server";
import type { Operation } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { useSdkProject } from "./support/sdk-project";

jest.setTimeout(180_000);

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

  const DATA_SOURCE = `
import * as chatwoot from "pulumi-chatwoot";
export const agents = chatwoot.getAgentsOutput({}).agents.apply((a) => a.length);
`;
  const WRONG_TOKEN = "wrong-token-of-another-installation";

  /** Each failure: the settings that cause it, and what its message says after `METHOD path: `. */
  const failures: [string, () => Promise<Record<string, string>>, RegExp][] = [
    ["a wrong token", async () => ({ "chatwoot:apiAccessToken": WRONG_TOKEN }), /401 Invalid Access Token; the server does not know this token; check chatwoot:apiAccessToken/],
    [
      "a URL whose host does not resolve",
      async () => ({ "chatwoot:url": "http://chatwoot.invalid" }),
      /host (not found \(ENOTFOUND\)|name lookup failed \(EAI_AGAIN\)); .*check chatwoot:url/,
    ],
    ["a server that is down", async () => ({ "chatwoot:url": `http://127.0.0.1:${await closedPort()}` }), /connection refused \(ECONNREFUSED\); nothing accepted the connection; check chatwoot:url/],
  ];

  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  /** The errors of an operation but Pulumi's own closing line. */
  const messages = (op: Operation) => op.errors.filter((e) => e !== "update failed" && e !== "preview failed");

  describe.each([
    ["resources", PROGRAM, "GET /api/v1/accounts/1/custom_attribute_definitions"],
    ["the Output form of a data source", DATA_SOURCE, "getAgents: GET /api/v1/accounts/1/agents"],
  ])("a program of %s", (_kind, program, upRequest) => {
    test.each(failures)("%s fails preview and up with one message and no stack frames", async (_what, settings, cause) => {
      const { config, secretKeys } = stack.settings();
      const project = await stack.init(program, { config: { ...config, ...(await settings()) }, secretKeys });
      try {
        for (const [operation, request] of [
          ["preview", "Chatwoot connection check (pulumi preview): GET /api/v1/accounts/1"],
          ["up", upRequest],
        ] as const) {
          const op = operation === "preview" ? await project.preview() : await project.up();
          expect({ operation, code: op.code === 0 ? 0 : "failed" }).toEqual({ operation, code: "failed" });
          expect(messages(op)).toEqual([expect.stringMatching(new RegExp(`^${escaped(request)}: ${cause.source}[^\\n]*$`))]);
          // No stack frames: on Node.js 20, inspecting an error with a source-mapped frame of
          // @pulumi/pulumi once took 80 s of a full core (see sdk/program-error.ts).
          expect(`${op.stdout}${op.stderr}`).not.toMatch(/\n\s+at \S/);
          expect(`${op.stdout}${op.stderr}`).not.toContain(WRONG_TOKEN);
        }
      } finally {
        project.dispose();
      }
    });
  });
});
