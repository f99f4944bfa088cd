import { createHash } from "node:crypto";
import { MODES, PNG_1X1, request, seedClients, useSandbox } from "./http";

const BOTS = "/platform/api/v1/agent_bots";
const PLATFORM_KEYS = ["account_id", "description", "id", "name", "outgoing_url"];
const DOCUMENTED_KEYS = ["access_token", "account_id", "bot_config", "bot_type", "description", "id", "name", "outgoing_url", "system_bot", "thumbnail"];

type Bot = Record<string, unknown> & { id: number };

describe.each(MODES)("platform agent bots (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { platform1, platform2, admin1 } = seedClients(sandbox);
  const seededBot = { id: 1, name: "Triage bot", description: "Routes new conversations", outgoing_url: "https://bots.acme.test/triage", account_id: 1 };

  describe("authentication", () => {
    it("answers 401 Invalid access_token without a token, with a user token and with an unknown token", async () => {
      const answers = [
        await request(sandbox().url, "GET", BOTS),
        await admin1.get(BOTS),
        await request(sandbox().url, "GET", BOTS, { token: "not-a-token" }),
      ];
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([401, { error: "Invalid access_token" }]);
    });

    it("accepts the token under the dash spelling Api-Access-Token", async () => {
      const answer = await request(sandbox().url, "GET", BOTS, { headers: { "Api-Access-Token": sandbox().info.platformTokens[0] ?? "" } });
      expect(answer.status).toBe(200);
    });
  });

  describe("GET list", () => {
    it("lists only the bots the app created, as a bare array", async () => {
      const first = await platform1.get(BOTS);
      const second = await platform2.get(BOTS);
      expect(first.status).toBe(200);
      expect((first.body as Bot[]).map((b) => b.id)).toEqual([1]);
      expect((second.body as Bot[]).map((b) => b.id)).toEqual([2]);
    });

    if (mode === "chatwoot") {
      it("renders exactly the five platform fields", async () => {
        expect((await platform1.get(BOTS)).body).toEqual([seededBot]);
      });
    } else {
      it("renders every documented agent bot field", async () => {
        const [bot] = (await platform1.get(BOTS)).body as Bot[];
        expect(Object.keys(bot ?? {}).sort()).toEqual(DOCUMENTED_KEYS);
        expect(bot).toMatchObject({ ...seededBot, bot_type: "webhook", bot_config: {}, system_bot: false, thumbnail: "" });
        expect(bot?.access_token).toEqual(expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{24}$/));
        expect(sandbox().control.secrets()).toContain(bot?.access_token);
      });
    }
  });

  describe("POST", () => {
    it("creates a bot (200, platform fields, outgoing_url echoed) that only its creator sees", async () => {
      const created = await platform1.post(BOTS, { name: "Helper", description: "d", outgoing_url: "https://hooks.test/x", account_id: 2 });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ id: 3, name: "Helper", description: "d", outgoing_url: "https://hooks.test/x", account_id: 2 });
      expect(((await platform1.get(BOTS)).body as Bot[]).map((b) => b.id)).toEqual([1, 3]);
      expect(((await platform2.get(BOTS)).body as Bot[]).map((b) => b.id)).toEqual([2]);
      expect((await platform2.get(`${BOTS}/3`)).status).toBe(401);
    });

    it("requires nothing: an empty body makes a nameless system bot", async () => {
      const created = await platform1.post(BOTS, {});
      expect(created.body).toEqual({ id: 3, name: null, description: null, outgoing_url: null, account_id: null });
    });

    it("reads top-level keys only: a nested agent_bot object is ignored, unknown keys are dropped", async () => {
      const created = await platform1.post(BOTS, { agent_bot: { name: "Nested" }, access_token: "mine", bot_type: 7 });
      expect(created.status).toBe(200);
      expect((created.body as Bot).name).toBeNull();
      expect(sandbox().control.secrets()).not.toContain("mine");
    });

    it("validates outgoing_url length with a RecordInvalid 422", async () => {
      const answer = await platform1.post(BOTS, { name: "Long", outgoing_url: `https://x.test/${"a".repeat(2040)}` });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: "Outgoing url is too long (maximum is 2048 characters)", attributes: ["outgoing_url"] });
      expect(sandbox().control.snapshot().agent_bots).toHaveLength(2);
    });

    it("answers 500 for an account that does not exist (foreign-key violation)", async () => {
      const answer = await platform1.post(BOTS, { name: "Orphan", account_id: 99 });
      expect([answer.status, answer.body]).toEqual([500, { status: 500, error: "Internal Server Error" }]);
      expect(sandbox().control.snapshot().agent_bots).toHaveLength(2);
    });

    it("records avatar_url without echoing it, whatever the URL", async () => {
      const created = await platform1.post(BOTS, { name: "Pic", avatar_url: "not even a url" });
      expect(created.status).toBe(200);
      expect(created.body).not.toHaveProperty("avatar_url");
      const bot = sandbox().control.snapshot().agent_bots.find((b) => b.id === 3);
      expect(bot?.avatar_url).toBe("not even a url");
    });

    it("accepts multipart form data with an avatar file and keeps its digest", async () => {
      const form = new FormData();
      form.append("name", "Avatar bot");
      form.append("account_id", "1");
      form.append("avatar", new Blob([PNG_1X1], { type: "image/png" }), "bot.png");
      const created = await platform1.send("POST", BOTS, { form });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ id: 3, name: "Avatar bot", description: null, outgoing_url: null, account_id: 1 });
      const sha256 = createHash("sha256").update(PNG_1X1).digest("hex");
      const bot = sandbox().control.snapshot().agent_bots.find((b) => b.id === 3);
      expect(bot?.avatar).toEqual({ sha256, size: PNG_1X1.length, type: "image/png", filename: "bot.png" });
      const logged = sandbox().control.log().at(-1);
      expect(logged?.body).toEqual({ fields: { name: "Avatar bot", account_id: "1" }, files: [{ field: "avatar", filename: "bot.png", type: "image/png", size: PNG_1X1.length, sha256 }] });
    });

    it("refuses an avatar that is not an image", async () => {
      const form = new FormData();
      form.append("avatar", new Blob(["just text"], { type: "text/plain" }), "notes.txt");
      const answer = await platform1.send("POST", BOTS, { form });
      expect([answer.status, answer.body]).toEqual([422, { message: "Avatar filetype not supported", attributes: ["avatar"] }]);
    });

    it("answers Rails' 400 for a malformed JSON body", async () => {
      const answer = await platform1.send("POST", BOTS, { raw: '{"name":', headers: { "content-type": "application/json" } });
      expect([answer.status, answer.body]).toEqual([400, { status: 400, error: "Bad Request" }]);
    });
  });

  describe("GET one", () => {
    it("shows an owned bot with the platform fields", async () => {
      expect((await platform1.get(`${BOTS}/1`)).body).toEqual(seededBot);
    });

    it("answers 401 Non permissible resource for another app's bot", async () => {
      const answer = await platform1.get(`${BOTS}/2`);
      expect([answer.status, answer.body]).toEqual([401, { error: "Non permissible resource" }]);
    });

    it("answers Rails' bare 404 for an id that does not exist", async () => {
      for (const id of ["99", "abc"]) {
        const answer = await platform1.get(`${BOTS}/${id}`);
        expect([answer.status, answer.body]).toEqual([404, { status: 404, error: "Not Found" }]);
      }
    });
  });

  describe("PATCH", () => {
    it("changes only the keys sent", async () => {
      const answer = await platform1.patch(`${BOTS}/1`, { description: "New description" });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ...seededBot, description: "New description" });
      expect(Object.keys(answer.body as Bot).sort()).toEqual(mode === "documented" ? DOCUMENTED_KEYS : PLATFORM_KEYS);
    });

    it("turns the bot into a system bot with an explicit null account_id", async () => {
      const answer = await platform1.patch(`${BOTS}/1`, { account_id: null });
      expect(answer.body).toMatchObject({ id: 1, account_id: null, ...(mode === "documented" ? { system_bot: true } : {}) });
    });

    it("is also routed for PUT", async () => {
      expect((await platform1.put(`${BOTS}/1`, { name: "Renamed" })).body).toMatchObject({ id: 1, name: "Renamed" });
    });

    it("replaces the avatar from a multipart body", async () => {
      const form = new FormData();
      form.append("avatar", new Blob([PNG_1X1], { type: "application/octet-stream" }), "new.png");
      const answer = await platform1.send("PATCH", `${BOTS}/1`, { form });
      expect(answer.status).toBe(200);
      expect(sandbox().control.snapshot().agent_bots[0]?.avatar).toMatchObject({ type: "image/png", filename: "new.png" });
    });

    it("refuses another app's bot and leaves it unchanged", async () => {
      const answer = await platform1.patch(`${BOTS}/2`, { name: "Hijacked" });
      expect([answer.status, answer.body]).toEqual([401, { error: "Non permissible resource" }]);
      expect(sandbox().control.snapshot().agent_bots[1]?.name).toBe("Billing bot");
    });

    it("answers the bare 404 for an unknown id", async () => {
      expect((await platform1.patch(`${BOTS}/42`, { name: "x" })).body).toEqual({ status: 404, error: "Not Found" });
    });

    it("validates like create", async () => {
      const answer = await platform1.patch(`${BOTS}/1`, { outgoing_url: "x".repeat(2049) });
      expect(answer.status).toBe(422);
      expect(sandbox().control.snapshot().agent_bots[0]?.outgoing_url).toBe(seededBot.outgoing_url);
    });
  });

  describe("DELETE", () => {
    it("answers 200 with an empty body and the bot disappears from every list", async () => {
      const answer = await platform1.delete(`${BOTS}/1`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect((await platform1.get(BOTS)).body).toEqual([]);
      expect((await platform1.get(`${BOTS}/1`)).status).toBe(404);
    });

    it("refuses another app's bot", async () => {
      expect((await platform2.delete(`${BOTS}/1`)).status).toBe(401);
      expect((await platform1.get(`${BOTS}/1`)).status).toBe(200);
    });

    it("purges only the avatar with DELETE .../avatar and answers the bot", async () => {
      const form = new FormData();
      form.append("avatar", new Blob([PNG_1X1], { type: "image/png" }), "a.png");
      await platform1.send("PATCH", `${BOTS}/1`, { form });
      const answer = await platform1.delete(`${BOTS}/1/avatar`);
      expect(answer.body).toEqual(seededBot);
      expect(sandbox().control.snapshot().agent_bots[0]?.avatar).toBeNull();
    });
  });
});
