/**
 * Channel credentials through the real `pulumi` CLI, written in the program as plain text (the
 * worst case): the checkpoint (`pulumi stack export`) holds none of them in plain text, inputs and
 * outputs alike are encrypted, the engine's output shows none, an unchanged run sends nothing, and
 * a changed password is an update of that inbox alone.
 */
import { opsOf } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { useSdkProject } from "./support/sdk-project";

jest.setTimeout(120_000);

const BOT_TOKEN = "123456789:AAE_cliBotKeyThatIsLongEnoughForIt42";
const FIRST = "smtp-pass-cli-first";
const SECOND = "smtp-pass-cli-second";

const program = (password: string) => `
import * as chatwoot from "pulumi-chatwoot";
new chatwoot.Inbox("support", {
  name: "Support",
  channel: { type: "email", email: "cli@acme.test", smtpEnabled: true, smtpAddress: "smtp.acme.test", smtpPort: 587, smtpLogin: "cli" },
  credentials: { smtpPassword: ${JSON.stringify(password)} },
});
new chatwoot.Inbox("bot", { name: "Telegram", channel: { type: "telegram" }, credentials: { botToken: ${JSON.stringify(BOT_TOKEN)} } });
`;

/** The wire form of a secret the checkpoint keeps encrypted. */
const ENCRYPTED = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) };

realEngine.describe("channel credentials through `pulumi`", () => {
  const stack = useSdkProject();
  /** Whether a text holds any credential of the program or secret of the sandbox (a boolean: a failure prints none). */
  const leaks = (text: string) => [FIRST, SECOND, BOT_TOKEN, ...stack.sandbox.control.secrets()].some((secret) => text.includes(secret));

  test("the checkpoint holds no credential in plain text; an unchanged run sends nothing; a new password updates one inbox", async () => {
    const project = await stack.init(program(FIRST));
    const created = await project.up();
    expectSuccess(created);
    expect(opsOf(created)).toEqual({ support: "create", bot: "create" });
    expect(leaks(created.stdout + created.stderr)).toBe(false);
    expect(leaks(await project.exportText())).toBe(false);
    const support = (await project.resources()).get("support");
    expect(support?.inputs.credentials).toMatchObject(ENCRYPTED);
    expect(support?.outputs.credentials).toMatchObject(ENCRYPTED);

    stack.sandbox.control.clearLog();
    const unchanged = await project.up("--expect-no-changes");
    expectSuccess(unchanged);
    expect(stack.sandbox.control.log().filter((e) => e.method !== "GET")).toEqual([]);

    stack.program(program(SECOND));
    const rotated = await project.up();
    expectSuccess(rotated);
    expect(opsOf(rotated)).toEqual({ support: "update", bot: "same" });
    const writes = stack.sandbox.control.log().filter((e) => e.method !== "GET");
    expect(writes.map((e) => e.method)).toEqual(["PATCH"]);
    expect(writes[0]?.body).toMatchObject({ channel: { smtp_enabled: true, smtp_password: "[FILTERED]" } });
    expect(leaks(rotated.stdout + rotated.stderr)).toBe(false);
    expect(leaks(await project.exportText())).toBe(false);

    const destroyed = await project.destroy();
    expectSuccess(destroyed);
    expect(leaks(destroyed.stdout + destroyed.stderr)).toBe(false);
  });
});
