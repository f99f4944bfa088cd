/**
 * An inbox's channel credentials through Pulumi's real dynamic-provider host, declared as a
 * program declares them (plain text): the SDK makes them secret inputs and their digests secret
 * outputs, and what crosses the host carries a credential only where the engine expects the secret
 * input back (the inputs `check` returns, which it marks secret again by key), never in outputs,
 * diffs or errors.
 */
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { useChatwootHost, withInputs } from "./support/chatwoot-host";
import { tokenSightings } from "./support/crossings";
import { installedSdk } from "./support/packages";

const ctx = useChatwootHost();
const PASSWORD = "smtp-pass-host-7c1e";
const ROTATED = "smtp-pass-host-rotated";
let registration: CapturedRegistration;

beforeAll(async () => {
  const sdk = installedSdk();
  const [captured] = await captureRegistrations(
    () =>
      new sdk.Inbox("mail", {
        name: "Support",
        channel: { type: "email", email: "host@acme.test", smtpEnabled: true, smtpAddress: "smtp.acme.test", smtpPort: 587, smtpLogin: "host" },
        credentials: { smtpPassword: PASSWORD },
      }),
  );
  registration = captured as CapturedRegistration;
});

test("the SDK registers the credentials as a secret input and their digests as a secret output", () => {
  expect(registration.secretInputKeys).toEqual(["credentials"]);
  expect(registration.options.additionalSecretOutputs).toContain("credentials");
});

test("a credential crosses the host only in the inputs check hands back; outputs, diffs and errors never carry one", async () => {
  const start = ctx.crossings.length;
  const deployed = await ctx.steps.create(registration.urn, registration.plainInputs);
  expect(ctx.writes()).toEqual([`POST /api/v1/accounts/${ctx.account.id}/inboxes`]);
  const digest = (deployed.outputs.credentials as Record<string, unknown>).smtpPassword;
  expect(typeof digest === "string" && digest.startsWith("scrypt$")).toBe(true);
  const rotated = withInputs(registration.plainInputs, { credentials: { smtpPassword: ROTATED } });
  expect((await ctx.steps.diff(deployed, registration.plainInputs)).changes).toBe("none");
  expect((await ctx.steps.diff(deployed, rotated)).changes).toBe("some");
  ctx.sb.control.clearLog();
  const updated = await ctx.steps.update(deployed, rotated);
  expect(ctx.writes()).toEqual([`PATCH /api/v1/accounts/${ctx.account.id}/inboxes/${deployed.id}`]);
  const read = await ctx.steps.refresh(updated);
  expect(read.properties.credentials).toEqual(updated.outputs.credentials);
  // A 422 whose body quotes the new password, as a server might.
  ctx.sb.control.inject({ method: "PATCH", path: "/api/v1/accounts/:account/inboxes/:id", kind: "status", status: 422, body: { message: `Smtp password ${PASSWORD} is refused` } });
  await expect(ctx.steps.update(updated, withInputs(rotated, { credentials: { smtpPassword: PASSWORD } }))).rejects.toThrow(/422/);
  await ctx.steps.destroy(updated);

  const crossed = ctx.crossings.slice(start);
  // Check hands the credentials back as the engine sent them (it marks them secret again by key) ...
  const checks = crossed.filter((x) => x.method === "check");
  expect(checks.length).toBeGreaterThan(0);
  for (const x of checks) expect((x.reply as { inputs: Record<string, unknown> }).inputs.credentials).toEqual(x.sent?.credentials);
  expect(JSON.stringify(checks.map((x) => x.reply))).toContain(ROTATED);
  // ... and nothing else carries one: no output, diff, error or line of the host's.
  expect(tokenSightings(crossed, [PASSWORD, ROTATED], {}, "")).toEqual([]);
  expect(tokenSightings(ctx.crossings, [PASSWORD, ROTATED], {}, ctx.host.output())).toEqual([]);
});
