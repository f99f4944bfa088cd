/**
 * `createOnce` against a scripted server: which object a create takes after each kind of failure,
 * when it sends its POST again, and how it ends when a first attempt lands after the repeat.
 */
import { configureConnection, resetConnectionConfig } from "../../../provider/config";
import { ChatwootApiError, type ChatwootApiErrorInit } from "../../../provider/http/transport/errors";
import { createOnce } from "../../../provider/lifecycle/create-once";
import { PartialCreateError } from "../../../provider/lifecycle/partial-create";

type Bot = { id: number; name: string };

/** How one POST goes: its answer, and whether (and after how many later listings) it is applied. */
interface Post {
  /** "ok": answered with the object; otherwise the failure the client reports. */
  answer: "ok" | Pick<ChatwootApiErrorInit, "kind" | "status" | "writeOutcome">;
  /** Applied at once (true), never (false), or only once the objects have been listed this many more times. */
  applies: boolean | number;
}

const REQUEST = "POST /platform/api/v1/agent_bots";
const fail = (kind: ChatwootApiErrorInit["kind"], writeOutcome: ChatwootApiErrorInit["writeOutcome"], status?: number) =>
  ({ kind, writeOutcome, ...(status === undefined ? {} : { status }) }) as Post["answer"];
const timeout = fail("timeout", "unknown");
const proxy502 = fail("http", "unknown", 502);

/**
 * A server holding bots: `before` at first (a stranger's identical "B" among them, say), then what
 * the posts add. `meanwhile(n)` runs as POST number n (from 1) arrives: another client's bot, or a
 * first attempt that lands only now.
 */
function server(before: Bot[], posts: Post[], meanwhile: (n: number, add: () => Bot) => void = () => undefined) {
  const objects = [...before];
  let nextId = Math.max(0, ...before.map((b) => b.id)) + 1;
  let pending: number[] = [];
  const counts = { posts: 0, listings: 0 };
  const add = () => {
    const bot = { id: nextId++, name: "B" };
    objects.push(bot);
    return bot;
  };
  return {
    counts,
    objects,
    async post(): Promise<Bot> {
      const step = posts[counts.posts++];
      if (!step) throw new Error("more POSTs than scripted");
      meanwhile(counts.posts, add);
      const made = step.applies === true ? add() : undefined;
      if (typeof step.applies === "number") pending.push(counts.listings + step.applies);
      if (step.answer === "ok") return made ?? add();
      throw new ChatwootApiError({ method: "POST", path: "/platform/api/v1/agent_bots", ...step.answer });
    },
    async list(): Promise<Bot[]> {
      counts.listings++;
      const due = pending.filter((at) => at < counts.listings);
      pending = pending.filter((at) => at >= counts.listings);
      for (const _ of due) add();
      return objects.map((o) => ({ ...o }));
    },
  };
}

const stranger: Bot = { id: 7, name: "B" };
const other: Bot = { id: 8, name: "other" };

beforeEach(() => configureConnection({ url: "http://127.0.0.1:9", createSettleMs: "600" }));
afterEach(() => resetConnectionConfig());

function run(s: ReturnType<typeof server>, listed?: Bot[]) {
  return createOnce({
    request: REQUEST,
    noun: "agent bot",
    post: () => s.post(),
    list: () => s.list(),
    matches: (b) => b.name === "B",
    listed,
    outputs: (b) => ({ ...b }),
  });
}

describe.each([
  ["a POST answered at once", [{ answer: "ok", applies: true }], 9, 1],
  ["a 502 the server did not act on: the stranger's identical bot is not taken", [{ answer: proxy502, applies: false }, { answer: "ok", applies: true }], 9, 2],
  ["a 502 for an applied POST: the new bot is taken, no repeat", [{ answer: proxy502, applies: true }], 9, 1],
  ["an unreadable success: the new bot is taken", [{ answer: fail("invalid-response", "applied", 200), applies: true }], 9, 1],
  ["a timeout, the POST landing while looked for: taken, no repeat", [{ answer: timeout, applies: 2 }], 9, 1],
  ["a 504, the POST landing while looked for: taken, no repeat", [{ answer: fail("http", "unknown", 504), applies: 1 }], 9, 1],
  ["a timeout with nothing landing: sent again once the window has passed", [{ answer: timeout, applies: false }, { answer: "ok", applies: true }], 9, 2],
  // The first attempt lands after the one look, before the repeat is refused for the key it took.
  ["a repeat refused for a key the first attempt took late", [{ answer: proxy502, applies: 1 }, { answer: fail("http", "not-applied", 422), applies: false }], 9, 2],
] as [string, Post[], number, number][])("%s", (_name, posts, id, sent) => {
  it(`ends with bot ${id} after ${sent} POST(s), never the stranger's`, async () => {
    const s = server([stranger, other], posts);
    await expect(run(s)).resolves.toEqual({ id, name: "B" });
    expect(s.counts.posts).toBe(sent);
    expect(s.objects.filter((o) => o.name === "B").map((o) => o.id)).toEqual([7, id]);
  });
});

describe.each([
  ["not applied (a 503)", fail("http", "not-applied", 503), /POST \/platform\/api\/v1\/agent_bots: 503/],
  ["applied, yet nothing new matches", fail("invalid-response", "applied", 200), /POST \/platform\/api\/v1\/agent_bots: 200/],
] as [string, Post["answer"], RegExp][])("a failure %s", (_name, answer, message) => {
  it("is the create's error, and the POST is not repeated", async () => {
    const s = server([stranger], [{ answer, applies: false }]);
    await expect(run(s)).rejects.toThrow(message);
    expect(s.counts.posts).toBe(1);
  });
});

it("takes a matching object the listing did not hold even when its id is older (a user of the installation joining an account)", async () => {
  // The POST adds user 3, who already existed in another account, and its answer is lost.
  const listing = [{ id: 1, name: "admin" }, { id: 5, name: "other" }];
  const joined = { id: 3, name: "B" };
  let listings = 0;
  const created = createOnce({
    request: REQUEST,
    noun: "agent",
    post: () => Promise.reject(new ChatwootApiError({ method: "POST", path: "/api/v1/accounts/1/agents", kind: "http", status: 502, writeOutcome: "unknown" })),
    list: async () => (listings++ === 0 ? listing : [...listing, joined]),
    matches: (b) => b.name === "B",
    outputs: (b) => ({ ...b }),
  });
  await expect(created).resolves.toEqual(joined);
});

it("reuses a listing made just before instead of listing again", async () => {
  const s = server([stranger], [{ answer: "ok", applies: true }]);
  await expect(run(s, [stranger])).resolves.toEqual({ id: 8, name: "B" });
  expect(s.counts.listings).toBe(0);
});

it("names every new matching bot when a failed POST shows more than one, and takes none", async () => {
  // The POST went through, and another client made the same bot meanwhile.
  const s = server([stranger], [{ answer: proxy502, applies: true }], (_n, add) => add());
  await expect(run(s)).rejects.toThrow(/^POST \/platform\/api\/v1\/agent_bots: 502.*agent bot 8, agent bot 9 match it.*None was taken/);
  expect(s.counts.posts).toBe(1);
});

it("keeps the repeated POST's bot and names the first attempt's when that lands after the window", async () => {
  const s = server([stranger], [{ answer: timeout, applies: false }, { answer: "ok", applies: true }], (n, add) => {
    if (n === 2) add(); // the first attempt, applied just before the repeat
  });
  const err = await run(s).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PartialCreateError);
  const partial = err as PartialCreateError;
  expect([partial.id, partial.outs]).toEqual(["9", { id: 9, name: "B" }]);
  expect(partial.message).toMatch(/^POST \/platform\/api\/v1\/agent_bots: .*agent bot 9 is this resource, but agent bot 8 .*applied late/);
  expect(partial.message).not.toContain("agent bot 7");
  expect(s.counts.posts).toBe(2);
});

it("keeps the repeated POST's bot when the look for a late first attempt fails", async () => {
  const s = server([stranger], [{ answer: proxy502, applies: false }, { answer: "ok", applies: true }]);
  const list = s.list.bind(s);
  s.list = async () => {
    if (s.counts.posts === 2) throw new Error("GET /platform/api/v1/agent_bots: 500");
    return list();
  };
  const err = await run(s).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PartialCreateError);
  expect((err as PartialCreateError).id).toBe("8");
  expect((err as Error).message).toMatch(/agent bot 8 is this resource, but looking for a late first attempt afterwards failed: GET/);
});

it("says the POST may have been applied when looking for its object fails", async () => {
  const s = server([stranger], [{ answer: proxy502, applies: false }]);
  const list = s.list.bind(s);
  s.list = async () => {
    if (s.counts.posts === 1) throw new Error("GET /platform/api/v1/agent_bots: 500");
    return list();
  };
  await expect(run(s)).rejects.toThrow(/^POST \/platform\/api\/v1\/agent_bots: 502.*could not be checked \(GET .*500\); look for a new agent bot/);
  expect(s.counts.posts).toBe(1);
});
