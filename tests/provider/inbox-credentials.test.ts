import { resources } from "../../provider";
import { create, destroy, refresh, up, type Props, type State } from "./support/engine";
import { useSandbox } from "./support/sandbox";
import { placesOf } from "../harness/check-failures";

const provider = resources.Inbox;

// Credentials of the tests' own invention. Assertions about them are booleans, so that a failure
// never prints one.
const IMAP_PASSWORD = "imap-pass-4c1d2e";
const SMTP_PASSWORD = "smtp-pass-9f8e7d";
const BOT_TOKEN = "123456789:AAE_sandboxBotKeyThatIsLongEnough42";
const WA_KEY = "wa-key-5e6f7a8b";
const ALL = [IMAP_PASSWORD, SMTP_PASSWORD, BOT_TOKEN, WA_KEY, "imap-pass-rotated", "smtp-by-hand", "wa-key-rotated"];

const mail = {
  name: "Support",
  channel: {
    type: "email",
    email: "help@acme.test",
    imapEnabled: true,
    imapAddress: "imap.acme.test",
    imapPort: 993,
    imapLogin: "help@acme.test",
    imapEnableSsl: true,
    smtpEnabled: true,
    smtpAddress: "smtp.acme.test",
    smtpPort: 587,
    smtpLogin: "help@acme.test",
  },
  credentials: { imapPassword: IMAP_PASSWORD, smtpPassword: SMTP_PASSWORD },
};

describe("Inbox channels with credentials", () => {
  const ctx = useSandbox();
  const inboxes = () => `/api/v1/accounts/${ctx.account.id}/inboxes`;
  const at = (id: string | number) => `${inboxes()}/${id}`;
  /** Whether any credential of the tests shows in `value` (outputs, errors, logs). */
  const carriesCredential = (value: unknown) => ALL.some((secret) => JSON.stringify(value ?? null).includes(secret));
  /** The inbox as an administrator sees it (the server shows e-mail passwords and a WhatsApp key to them). */
  const shown = async (id: string | number) => (await ctx.admin("GET", at(id))).body as Props;
  const fresh = async (inputs: Props): Promise<State> => {
    const state = await create(provider, inputs);
    ctx.sb.control.clearLog();
    return state;
  };
  const isDigest = (v: unknown) => typeof v === "string" && /^scrypt\$16384\$8\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/.test(v);

  it("creates an e-mail inbox with one POST carrying the passwords; the outputs hold a digest of each, never a password", async () => {
    const state = await create(provider, mail);
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`POST ${inboxes()}`]);
    // The sandbox's log filters credentials as Chatwoot's does; the server holds what was sent.
    expect(ctx.writes()[0].body).toMatchObject({ channel: { type: "email", imap_password: "[FILTERED]", smtp_password: "[FILTERED]", imap_port: 993 } });
    const server = await shown(state.id);
    expect(server.imap_password === IMAP_PASSWORD && server.smtp_password === SMTP_PASSWORD).toBe(true);
    expect(state.outs.channel).toMatchObject({ type: "email", email: "help@acme.test", imapAddress: "imap.acme.test", forwardToEmail: expect.stringContaining("@") });
    expect(Object.keys(state.outs.credentials as Props).sort()).toEqual(["imapPassword", "smtpPassword"]);
    expect(Object.values(state.outs.credentials as Props).every(isDigest)).toBe(true);
    expect(carriesCredential(state.outs)).toBe(false);
  });

  it("sends nothing on a second up; a changed password goes in one PATCH with its server's settings, the other password stays unsent", async () => {
    const state = await fresh(mail);
    const refreshed = (await refresh(provider, state))!;
    // The digests are kept while they match: a refresh changes no output.
    expect(refreshed.outs.credentials).toEqual(state.outs.credentials);
    expect((await up(provider, refreshed, mail)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
    const rotated = { ...mail, credentials: { ...mail.credentials, imapPassword: "imap-pass-rotated" } };
    const { op, diff, state: next } = await up(provider, refreshed, rotated);
    expect([op, diff.replaces]).toEqual(["update", []]);
    // Chatwoot tests IMAP with the request's values alone: the whole IMAP group goes along.
    expect(ctx.writes()).toEqual([
      expect.objectContaining({
        method: "PATCH",
        body: { channel: { imap_enabled: true, imap_address: "imap.acme.test", imap_port: 993, imap_login: "help@acme.test", imap_enable_ssl: true, imap_password: "[FILTERED]" } },
      }),
    ]);
    expect((await shown(state.id)).imap_password === "imap-pass-rotated").toBe(true);
    expect((next.outs.credentials as Props).smtpPassword).toBe((state.outs.credentials as Props).smtpPassword);
    expect((next.outs.credentials as Props).imapPassword).not.toBe((state.outs.credentials as Props).imapPassword);
    expect((await up(provider, next, rotated)).op).toBe("same");
  });

  it("sees a password changed in the dashboard (the server shows it to administrators) and sets it back", async () => {
    const state = await fresh(mail);
    await ctx.admin("PATCH", at(state.id), { channel: { smtp_password: "smtp-by-hand" } });
    const refreshed = (await refresh(provider, state))!;
    expect((refreshed.outs.credentials as Props).smtpPassword).not.toBe((state.outs.credentials as Props).smtpPassword);
    ctx.sb.control.clearLog();
    const { op, diff } = await up(provider, refreshed, mail);
    expect([op, diff.replaces]).toEqual(["update", []]);
    expect(ctx.writes()[0]?.body).toMatchObject({ channel: { smtp_enabled: true, smtp_password: "[FILTERED]" } });
    expect((await shown(state.id)).smtp_password === SMTP_PASSWORD).toBe(true);
  });

  it("fails an update the mail server refuses with Chatwoot's message, which carries no password", async () => {
    const state = await fresh(mail);
    const unreachable = { ...mail, channel: { ...mail.channel, imapAddress: "imap.acme.invalid" } };
    await expect(up(provider, state, unreachable)).rejects.toThrow(/PATCH .*inboxes\/\d+: 422.*imap\.acme\.invalid/);
    // Chatwoot applies the update before it answers 422: a refresh shows it, and the next up sends it again.
    expect((await refresh(provider, state))!.outs.channel).toMatchObject({ imapAddress: "imap.acme.invalid" });
  });

  it("never quotes a credential in an error, even when the server echoes one", async () => {
    const state = await fresh(mail);
    ctx.sb.control.inject({ method: "PATCH", path: at(state.id), kind: "status", status: 422, body: { message: `Imap password imap-pass-rotated is wrong for ${IMAP_PASSWORD}` } });
    const outcome = await up(provider, state, { ...mail, credentials: { ...mail.credentials, imapPassword: "imap-pass-rotated" } }).catch((err: unknown) => err as Error);
    expect(outcome).toBeInstanceOf(Error);
    expect(carriesCredential((outcome as Error).message)).toBe(false);
    expect((outcome as Error).message).toContain("[redacted]");
    // A credential the server never shows is redacted from the first answer too (a create's 422).
    ctx.sb.control.inject({ method: "POST", path: inboxes(), kind: "status", status: 422, body: { message: `Refused: ${BOT_TOKEN} (unknown to Telegram)` } });
    const refused = await create(provider, { name: "Bot", channel: { type: "telegram" }, credentials: { botToken: BOT_TOKEN } }).catch((err: unknown) => err as Error);
    expect(refused).toBeInstanceOf(Error);
    expect([carriesCredential((refused as Error).message), (refused as Error).message.includes("[redacted]")]).toEqual([false, true]);
    // Nor does a check failure quote a bad credential.
    // (an e-mail inbox takes no bot token, and SMTP switched on needs its password)
    const checked = await provider.check!({}, { ...mail, credentials: { imapPassword: IMAP_PASSWORD, botToken: BOT_TOKEN } });
    expect(placesOf(checked.failures ?? [])).toEqual(["credentials.botToken", "credentials.smtpPassword"]);
    expect(carriesCredential(checked.failures)).toBe(false);
  });

  it("creates a Telegram inbox named by the program, its token never read back: a new token is sent, the same one is not", async () => {
    const bot = { name: "Telegram support", channel: { type: "telegram" }, credentials: { botToken: BOT_TOKEN } };
    const state = await fresh(bot);
    expect(state.outs).toMatchObject({ name: "Telegram support", channelType: "telegram", channel: { type: "telegram", botName: "sandbox_123456789_bot" } });
    expect(isDigest((state.outs.credentials as Props).botToken)).toBe(true);
    expect((await up(provider, (await refresh(provider, state))!, bot)).op).toBe("same");
    const newToken = "987654321:AAE_anotherBotKeyThatIsLongEnough0042";
    await up(provider, state, { ...bot, credentials: { botToken: newToken } });
    expect(ctx.writes().map((w) => w.body)).toEqual([{ channel: { bot_token: "[FILTERED]" } }]);
    expect(ctx.sb.control.secrets().includes(newToken)).toBe(true);
    await destroy(provider, state);
  });

  // Upstream's inbox partial renders no line_channel_id: the outputs read it from the callback URL, so an up after refresh sends nothing.
  it("reads a LINE inbox's channel id back from its callback URL: a second up after refresh is no change", async () => {
    const line = { name: "LINE support", channel: { type: "line", lineChannelId: "1650000042" }, credentials: { lineChannelSecret: "line-secret-0042", lineChannelToken: "line-token-0042" } };
    const state = await fresh(line);
    expect(state.outs).toMatchObject({ channelType: "line", channel: { type: "line", lineChannelId: "1650000042" } });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ channel: { lineChannelId: "1650000042" } });
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, line)).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
    await destroy(provider, state);
  });

  describe("WhatsApp", () => {
    const cloud = {
      name: "WhatsApp",
      channel: { type: "whatsapp", phoneNumber: "+4915112345678", provider: "whatsapp_cloud", providerConfig: { phoneNumberId: "111", businessAccountId: "222" } },
      credentials: { apiKey: WA_KEY },
    };

    it("sends the provider config whole with its key, keeping the verify token Chatwoot made", async () => {
      const state = await fresh(cloud);
      expect(state.outs).toMatchObject({ channel: { providerConfig: { phoneNumberId: "111", businessAccountId: "222" } }, callbackWebhookUrl: expect.stringContaining("/webhooks/whatsapp/") });
      expect(carriesCredential(state.outs)).toBe(false);
      const token = ((await shown(state.id)).provider_config as Props).webhook_verify_token;
      const moved = { ...cloud, channel: { ...cloud.channel, providerConfig: { phoneNumberId: "333", businessAccountId: "222" } } };
      const { state: next } = await up(provider, state, moved);
      expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`PATCH ${at(state.id)}`]);
      expect(ctx.writes()[0].body).toEqual({ channel: { provider_config: { phone_number_id: "333", business_account_id: "222", api_key: "[FILTERED]", webhook_verify_token: "[FILTERED]" } } });
      const after = (await shown(state.id)).provider_config as Props;
      expect([after.phone_number_id, after.webhook_verify_token === token, after.api_key === WA_KEY]).toEqual(["333", true, true]);
      expect((await up(provider, next, moved)).op).toBe("same");
    });

    it("sees a key changed in the dashboard", async () => {
      const state = await fresh(cloud);
      const held = (await shown(state.id)).provider_config as Props;
      await ctx.admin("PATCH", at(state.id), { channel: { provider_config: { ...held, api_key: "wa-key-rotated" } } });
      const { op } = await up(provider, (await refresh(provider, state))!, cloud);
      expect(op).toBe("update");
      expect(((await shown(state.id)).provider_config as Props).api_key === WA_KEY).toBe(true);
    });
  });

  describe("adoption", () => {
    it("sends the credentials of an adopted inbox the server does not show, and compares the ones it shows", async () => {
      // Seed inbox 3: an e-mail inbox without passwords.
      const adopted = { adoptId: 3, channel: { type: "email", smtpEnabled: false }, credentials: { smtpPassword: SMTP_PASSWORD } };
      const state = await create(provider, adopted);
      expect(ctx.writes().map((w) => w.body)).toEqual([{ channel: { smtp_password: "[FILTERED]" } }]);
      expect((await shown(3)).smtp_password === SMTP_PASSWORD).toBe(true);
      ctx.sb.control.clearLog();
      expect((await up(provider, (await refresh(provider, state))!, adopted)).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });
  });
});
