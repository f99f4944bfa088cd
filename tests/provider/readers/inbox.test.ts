import * as pulumi from "@pulumi/pulumi";
import { configure, readers } from "../../../provider";
import { resetConnectionConfig } from "../../../provider/config";
import { getInbox, getInboxOutput } from "../../../sdk/get-inbox";
import { InboxMembership } from "../../../sdk/inbox-membership";
import type { Registration } from "../../harness/program-monitor";
import { startTestServer, type TestServer } from "../../unit/http/support/server";
import { inProgram as runProgram, outputValue } from "../support/in-program";
import { SHAPES, useSandbox } from "../support/sandbox";

/** Every inbox field of the spec (2.5), camelCased, plus the id and the HMAC token. */
const SPEC_KEYS = [
  "id", "name", "websiteUrl", "channelType", "avatarUrl", "widgetColor", "websiteToken", "enableAutoAssignment",
  "webWidgetScript", "welcomeTitle", "welcomeTagline", "greetingEnabled", "greetingMessage", "channelId",
  "workingHoursEnabled", "enableEmailCollect", "csatSurveyEnabled", "autoAssignmentConfig", "outOfOfficeMessage",
  "workingHours", "timezone", "callbackWebhookUrl", "allowMessagesAfterResolved", "lockToSingleConversation",
  "senderNameType", "businessName", "hmacMandatory", "selectedFeatureFlags", "replyTime", "messagingServiceSid",
  "phoneNumber", "medium", "provider", "hmacToken",
].sort();

const closed = (dayOfWeek: number) => ({ dayOfWeek, closedAllDay: true, openAllDay: false, openHour: null, openMinutes: null, closeHour: null, closeMinutes: null });
const open = (dayOfWeek: number, openHour: number, openMinutes: number, closeHour: number, closeMinutes: number) =>
  ({ dayOfWeek, closedAllDay: false, openAllDay: false, openHour, openMinutes, closeHour, closeMinutes });

// Seed (sdk/sandbox/seed.ts): account 1's inbox 1 is a web widget with its own working hours,
// inbox 2 an API channel, inbox 3 an email channel; inbox 4 belongs to account 2.
describe.each(SHAPES)("getInbox (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);

  it("reads a web-widget inbox with one GET: every spec field, normalized working hours, flag names", async () => {
    const inbox = await readers.getInbox({ inboxId: 1 });
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/accounts/${ctx.account.id}/inboxes/1`]);
    expect(Object.keys(inbox).sort()).toEqual(SPEC_KEYS);
    expect(inbox).toMatchObject({
      id: 1,
      name: "Acme Website",
      channelType: "Channel::WebWidget",
      websiteUrl: "https://www.acme.test",
      widgetColor: "#0f766e",
      welcomeTitle: "Hi there!",
      greetingEnabled: true,
      workingHoursEnabled: true,
      timezone: "Europe/Berlin",
      selectedFeatureFlags: ["attachments", "emoji_picker", "end_conversation"],
      messagingServiceSid: null,
    });
    expect(inbox.workingHours).toEqual([
      closed(0),
      open(1, 8, 30, 18, 0),
      open(2, 9, 0, 17, 0),
      open(3, 9, 0, 17, 0),
      open(4, 9, 0, 17, 0),
      open(5, 8, 30, 14, 0),
      open(6, 10, 0, 14, 0),
    ]);
    // The website token is the sandbox's own secret, and the widget script embeds it.
    expect(ctx.sb.control.secrets()).toContain(inbox.websiteToken);
    expect(inbox.webWidgetScript).toContain(inbox.websiteToken!);
  });

  it("reads an API inbox: widget fields are null, the HMAC token is there for an administrator", async () => {
    const inbox = await readers.getInbox({ accountId: ctx.account.id, inboxId: 2 });
    expect(Object.keys(inbox).sort()).toEqual(SPEC_KEYS);
    expect(inbox).toMatchObject({ id: 2, channelType: "Channel::Api", widgetColor: null, welcomeTitle: null, selectedFeatureFlags: null, webWidgetScript: null });
    expect(ctx.sb.control.secrets()).toContain(inbox.hmacToken);
  });

  it("fails with the server's 404 for an inbox of another account", async () => {
    const foreign = ctx.sb.info.accounts[1].inboxIds[0];
    await expect(readers.getInbox({ inboxId: foreign })).rejects.toThrow(`GET /api/v1/accounts/${ctx.account.id}/inboxes/${foreign}: 404`);
  });

  it("takes the inbox id as an Inbox's id output (digits as text)", async () => {
    // Only the id is compared: a failure must not print the inbox's tokens.
    expect((await readers.getInbox({ inboxId: "1" })).id).toBe(1);
  });

  it("refuses bad arguments before any request", async () => {
    await expect(readers.getInbox({ inboxId: "inbox-1" })).rejects.toThrow(/getInbox: invalid arguments: inboxId/);
    await expect(readers.getInbox({ accountId: 0, inboxId: 1 })).rejects.toThrow(/accountId/);
    expect(ctx.requests()).toHaveLength(0);
  });
});

describe("getInbox against other server versions", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    resetConnectionConfig();
    configure({ url: server.url, apiAccessToken: "test-token-for-old-servers", accountId: "7" });
  });
  afterAll(async () => {
    resetConnectionConfig();
    await server.close();
  });

  it("reads flags given as an object, numbers as strings, missing keys as null, and drops unknown keys", async () => {
    server.script({
      body: {
        id: 9,
        name: "Legacy",
        channel_type: "Channel::WebWidget",
        channel_id: "12",
        greeting_enabled: "true",
        selected_feature_flags: { attachments: true, emoji_picker: false, end_conversation: "true" },
        auto_assignment_config: { max_assignment_limit: 3 },
        imap_password: "not-for-outputs",
        working_hours: [{ day_of_week: 1, closed_all_day: false, open_hour: 9, close_hour: 12 }],
      },
    });
    const inbox = await readers.getInbox({ inboxId: 9 });
    expect(server.requests.at(-1)?.url).toBe("/api/v1/accounts/7/inboxes/9");
    expect(Object.keys(inbox).sort()).toEqual(SPEC_KEYS);
    expect(inbox).toMatchObject({
      channelId: 12,
      greetingEnabled: true,
      selectedFeatureFlags: ["attachments", "end_conversation"],
      autoAssignmentConfig: { max_assignment_limit: 3 },
      websiteToken: null,
      timezone: null,
    });
    expect(inbox.workingHours).toEqual([closed(0), open(1, 9, 0, 12, 0), closed(2), closed(3), closed(4), closed(5), closed(6)]);
  });

  it("reads an inbox wrapped in {payload}, keeping working hours null when the server leaves them out", async () => {
    server.script({ body: { payload: { id: 10, name: "Wrapped" } } });
    const inbox = await readers.getInbox({ inboxId: 10 });
    expect(inbox).toMatchObject({ id: 10, name: "Wrapped", workingHours: null });
  });
});

describe("getInbox / getInboxOutput and InboxMembership (SDK, in the program process)", () => {
  const ctx = useSandbox();
  const stackConfig = () => ({ "chatwoot:url": ctx.sb.url, "chatwoot:apiAccessToken": ctx.account.adminToken, "chatwoot:accountId": String(ctx.account.id) });
  const registrations: Registration[] = [];
  /** Runs `program` in the program process, keeping what it registers. */
  const inProgram = <T>(config: Record<string, string>, program: () => Promise<T>) => runProgram(config, program, (r) => registrations.push(r));
  // These tests replace the provider's connection settings; put back what useSandbox configured.
  afterEach(() => ctx.connect());

  it("reads the connection from the stack's chatwoot:* config", async () => {
    resetConnectionConfig();
    const inbox = await inProgram(stackConfig(), () => getInbox({ inboxId: 2 }));
    expect(inbox).toMatchObject({ id: 2, name: "Acme API" });
  });

  it("falls back to the CHATWOOT_* environment variables", async () => {
    resetConnectionConfig();
    Object.assign(process.env, { CHATWOOT_URL: ctx.sb.url, CHATWOOT_API_ACCESS_TOKEN: ctx.account.adminToken, CHATWOOT_ACCOUNT_ID: String(ctx.account.id) });
    try {
      expect((await inProgram({}, () => getInbox({ inboxId: 3 }))).name).toBe("Acme Support Email");
    } finally {
      for (const key of ["CHATWOOT_URL", "CHATWOOT_API_ACCESS_TOKEN", "CHATWOOT_ACCOUNT_ID"]) delete process.env[key];
    }
  });

  it("marks the Output form secret when the inbox carries a token, and not otherwise", async () => {
    const read = (inboxId: number) =>
      inProgram(stackConfig(), async () => {
        const out = getInboxOutput({ inboxId: pulumi.output(inboxId) });
        return { secret: await pulumi.isSecret(out), value: await outputValue(out) };
      });
    const widget = await read(1);
    expect(widget.secret).toBe(true);
    expect(ctx.sb.control.secrets()).toContain(widget.value.websiteToken);
    const email = await read(3);
    expect([email.value.websiteToken, email.value.hmacToken]).toEqual([null, null]);
    expect(email.secret).toBe(false);
  });

  it("registers InboxMembership under its own type token, with a provider text free of tokens and paths", async () => {
    registrations.length = 0;
    await inProgram(stackConfig(), async () => {
      new InboxMembership("support", { inboxId: 3, userIds: [2, 3] });
    });
    const membership = registrations.find((r) => r.name === "support")!;
    expect(membership.type).toBe("pulumi-nodejs:dynamic/chatwoot:InboxMembership");
    expect(membership.inputs).toMatchObject({ inboxId: 3, userIds: [2, 3] });
    const providerText = JSON.stringify(membership.inputs.__provider);
    expect(providerText).toContain("InboxMembership");
    for (const leak of [ctx.account.adminToken, process.cwd()]) expect(providerText).not.toContain(leak);
  });
});
