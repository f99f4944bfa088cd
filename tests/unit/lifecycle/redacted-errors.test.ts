import type * as pulumi from "@pulumi/pulumi";
import { ChatwootApiError } from "../../../provider/http/transport/errors";
import { registerSecret } from "../../../provider/http/redaction/secrets";
import { withRedactedErrors } from "../../../provider/lifecycle/redacted-errors";
import { exposedText, fakeToken, leakedPiece } from "../http/support/secrets";

type Provider = pulumi.dynamic.ResourceProvider;

/** What a provider method throws, caught. */
async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

describe("withRedactedErrors", () => {
  it("redacts an API error again with a secret seen after it was made, keeping what it says", async () => {
    const token = fakeToken("late");
    const provider = withRedactedErrors<Provider>({
      async create() {
        const err = new ChatwootApiError({ kind: "http", method: "POST", path: "/platform/api/v1/agent_bots", status: 422, serverMessage: `bot ${token} is invalid`, writeOutcome: "not-applied" });
        registerSecret(token); // as a lookup after the failure would, reading the new bot
        throw err;
      },
    });
    const err = await thrown(() => provider.create({}));
    expect(ChatwootApiError.isInstance(err)).toBe(true);
    const api = err as ChatwootApiError;
    expect([api.method, api.path, api.status, api.writeOutcome]).toEqual(["POST", "/platform/api/v1/agent_bots", 422, "not-applied"]);
    expect(api.serverMessage).toBe("bot [redacted] is invalid");
    expect(leakedPiece(exposedText(err), token)).toBeUndefined();
  });

  it("redacts any other error's message, stack, reasons and cause", async () => {
    const token = fakeToken("other");
    registerSecret(token);
    const provider = withRedactedErrors<Provider>({
      async create() {
        return { id: "1" };
      },
      async update() {
        const cause = new Error(`inner ${token}`);
        throw Object.assign(new Error(`inbox is a ${token} inbox`, { cause }), { reasons: [`because ${token}`] });
      },
    });
    const err = (await thrown(() => provider.update!("1", {}, {}))) as Error & { reasons: string[] };
    expect(err.message).toBe("inbox is a [redacted] inbox");
    expect(err.reasons).toEqual(["because [redacted]"]);
    expect(leakedPiece(exposedText(err), token)).toBeUndefined();
    expect(leakedPiece(exposedText(err.cause), token)).toBeUndefined();
  });

  it("returns what the method returns", async () => {
    const provider = withRedactedErrors<Provider>({
      async create() {
        return { id: "7", outs: { a: 1 } };
      },
    });
    expect(await provider.create({})).toEqual({ id: "7", outs: { a: 1 } });
  });
});
