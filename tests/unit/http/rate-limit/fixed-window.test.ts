/**
 * The rate-limit window model on a clock the test moves by hand, against a server clock of its own
 * (a whole minute of it at `MINUTE`): what it lets go, when, and what it learns from answers.
 */
import { DEFAULT_FIXED_WINDOW_OPTIONS, FixedWindow, type FixedWindowOptions, type Ticket } from "../../../../provider/http/rate-limit/fixed-window";

const PERIOD = DEFAULT_FIXED_WINDOW_OPTIONS.periodMs;
const MARGIN = DEFAULT_FIXED_WINDOW_OPTIONS.marginMs;
const PROBE_AFTER = DEFAULT_FIXED_WINDOW_OPTIONS.probeAfterMs;
/** A whole minute of the server's clock (epoch ms). */
const MINUTE = 1_800_000_000_000;

/**
 * A model whose server clock reads `MINUTE + intoWindowMs` at the start (local time 5,000). The
 * machine's wall clock is `wallSkewMs` off the server's; answers are dated unless said otherwise.
 */
function rig(intoWindowMs = 10_000, options: Partial<FixedWindowOptions> = {}, wallSkewMs = 0) {
  const clock = { t: 5_000 };
  const offset = MINUTE + intoWindowMs - clock.t;
  const serverNow = () => clock.t + offset;
  const model = new FixedWindow({ ...options, now: () => clock.t, wallClock: () => serverNow() + wallSkewMs });
  const out = new Set<Ticket>();
  /** Sends a request now if the model lets one go. */
  const send = (): Ticket | undefined => {
    if (model.delayMs(clock.t, out.size) > 0) return undefined;
    const ticket = model.take(clock.t);
    out.add(ticket);
    return ticket;
  };
  /** Sends `n` requests now; throws when the model holds one back. */
  const sendAll = (n: number): Ticket[] =>
    Array.from({ length: n }, () => {
      const ticket = send();
      if (ticket === undefined) throw new Error("held back");
      return ticket;
    });
  /** Answers `ticket` now (dated by the server's clock unless `dated` is false). */
  const answer = (ticket: Ticket, status: number, dated = true) => {
    out.delete(ticket);
    model.onAnswer(ticket, status, clock.t, undefined, dated ? new Date(serverNow()).toUTCString() : undefined);
  };
  const delay = () => model.delayMs(clock.t, out.size);
  /** Local time at which the server's next minute begins. */
  const nextMinute = () => (Math.floor(serverNow() / PERIOD) + 1) * PERIOD - offset;
  /** Moves the clock to when the model lets the next request go (fails when it waits for an answer). */
  const waitTurn = () => {
    const d = delay();
    if (d === Infinity) throw new Error("waits for an answer");
    clock.t += d;
  };
  return { clock, model, out, send, sendAll, answer, delay, nextMinute, waitTurn, serverNow };
}

type Rig = ReturnType<typeof rig>;

/** A burst that spends the window: `accepted` answered 200, then `refused` answered 429, all at once. */
function burst(r: Rig, accepted: number, refused = 2): void {
  const tickets = r.sendAll(accepted + refused);
  tickets.forEach((ticket, i) => r.answer(ticket, i < accepted ? 200 : 429));
}

describe("FixedWindow: before anything is known", () => {
  it("holds nothing back: every request goes at once, whatever their number", () => {
    const r = rig();
    expect(r.sendAll(5_000)).toHaveLength(5_000);
    expect(r.model.held).toBe(false);
    expect(r.model.quota).toBeUndefined();
  });
});

describe("FixedWindow: a window spent", () => {
  // [where the run starts in the server's window (ms), accepted before the 429s]
  const starts: [number, number][] = [
    [0, 100],
    [10_000, 20],
    [59_000, 1],
    [30_500, 3_000],
  ];

  it.each(starts)("started %i ms into the server's window, %i accepted: waits for its next window by the server's Date, to the margin", (into, accepted) => {
    const r = rig(into);
    burst(r, accepted);
    expect(r.model.held).toBe(true);
    // Every answer came at one instant, dated to the second: late by the part of a second past it.
    expect(r.clock.t + r.delay()).toBe(r.nextMinute() + (into % 1_000) + MARGIN);
    r.clock.t += r.delay() - 1;
    expect(r.send()).toBeUndefined();
    r.clock.t += 1;
    expect(r.send()).toBeDefined();
    expect(r.model.counts).toMatchObject({ throttled: 2, holds: 1 });
  });

  it("learns the window's count as an estimate in the window the process started in, measured in a later one", () => {
    const r = rig();
    burst(r, 40);
    expect([r.model.quota, r.model.quotaSource]).toEqual([40, "estimate"]);
    r.waitTurn();
    r.answer(r.send() as Ticket, 200); // the opener
    r.sendAll(39).forEach((t) => r.answer(t, 200));
    r.answer(r.send() as Ticket, 200); // the test beyond the estimate, accepted: no cap
    burst(r, 9);
    expect([r.model.quota, r.model.quotaSource]).toEqual([1 + 39 + 1 + 9, "measured"]);
  });

  it("raises the quota with late answers of the window it was learned in", () => {
    const r = rig();
    const tickets = r.sendAll(30);
    r.clock.t += 1;
    tickets.slice(0, 20).forEach((t) => r.answer(t, 200));
    r.answer(tickets[28] as Ticket, 429);
    r.answer(tickets[29] as Ticket, 429);
    expect(r.model.quota).toBe(20);
    // Answers overtake each other: requests sent before the refused ones are still coming in.
    tickets.slice(20, 25).forEach((t) => r.answer(t, 200));
    expect(r.model.quota).toBe(25);
  });

  it("ignores 429s dated in a window that has ended", () => {
    const r = rig(59_000);
    r.answer(r.send() as Ticket, 200); // a dated answer: the offset is known
    const tickets = r.sendAll(2);
    r.clock.t += 1_500; // the server's next minute has begun
    const old = new Date(MINUTE + 59_100).toUTCString(); // counted (and dated) before it, answered late
    for (const t of tickets) r.model.onAnswer(t, 429, r.clock.t, undefined, old);
    expect(r.model.held).toBe(false);
    expect(r.model.counts.throttled).toBe(2);
  });
});

describe("FixedWindow: the first request after a wait goes alone", () => {
  it("lets the rest go once the opener is accepted", () => {
    const r = rig();
    burst(r, 10);
    r.waitTurn();
    const opener = r.send() as Ticket;
    expect(opener.alone).toBe(true);
    expect(r.delay()).toBe(Infinity);
    r.answer(opener, 200);
    expect(r.delay()).toBe(0);
  });

  it("with the opener refused, waits probeAfterMs for a second one alone; refused too, waits for the next window", () => {
    const r = rig();
    burst(r, 10);
    r.waitTurn();
    const windowStart = r.clock.t;
    r.answer(r.send() as Ticket, 429);
    expect(r.delay()).toBe(PROBE_AFTER);
    r.waitTurn();
    const probe = r.send() as Ticket;
    expect(probe.alone).toBe(true);
    r.answer(probe, 429);
    expect(r.clock.t + r.delay()).toBe(windowStart - MARGIN + PERIOD + MARGIN);
  });
});

describe("FixedWindow: a quota", () => {
  // [source, how it is set]
  const sources: [string, (r: Rig) => void][] = [
    ["configured", (r) => r.model.configure(25)],
    [
      "measured (an estimate that its test confirmed)",
      (r) => {
        burst(r, 25);
        r.waitTurn();
        r.answer(r.send() as Ticket, 200); // the opener
        r.sendAll(24).forEach((t) => r.answer(t, 200));
        const test = r.send() as Ticket;
        expect(test.alone).toBe(true);
        r.answer(test, 429);
        expect(r.model.quotaSource).toBe("measured");
        r.waitTurn();
        r.answer(r.send() as Ticket, 200); // the next window's opener
      },
    ],
  ];

  it.each(sources)("%s: each window gets exactly that many, the next at its opening, no request refused", (source, set) => {
    const r = rig();
    set(r);
    const throttled = r.model.counts.throttled;
    // The window the quota was set in began with an opener when the quota was measured.
    let opened = source !== "configured";
    for (let window = 0; window < 3; window++) {
      const sent = [];
      for (let t = r.send(); t !== undefined; t = r.send()) sent.push(t);
      for (const t of sent) r.answer(t, 200);
      expect(r.send()).toBeUndefined();
      expect(sent.length + (opened ? 1 : 0)).toBe(25);
      r.waitTurn();
      expect(r.clock.t).toBe(r.nextMinute() - PERIOD + MARGIN);
      r.answer(r.send() as Ticket, 200); // the opener
      opened = true;
    }
    expect(r.model.counts.throttled).toBe(throttled);
  });

  it("tests an estimate once with a request beyond it, sent alone; accepted, lifts the cap until the window refuses one", () => {
    const r = rig();
    burst(r, 10);
    r.waitTurn();
    r.answer(r.send() as Ticket, 200);
    const rest = r.sendAll(9);
    expect(r.delay()).toBe(Infinity); // the test waits until the window's requests are answered
    for (const t of rest) r.answer(t, 200);
    const test = r.send() as Ticket;
    expect(test.alone).toBe(true);
    r.answer(test, 200);
    expect(r.model.quota).toBeUndefined();
    expect(r.sendAll(100)).toHaveLength(100);
  });

  it("counts a window's requests still out when the next one can have opened in that one too", () => {
    const r = rig(58_000);
    r.model.configure(10);
    r.answer(r.send() as Ticket, 200); // answered in its window: counted there for sure
    r.sendAll(4); // still out when the next window opens: they may count in it
    r.clock.t += 2_100;
    expect(r.sendAll(6)).toHaveLength(6);
    expect(r.send()).toBeUndefined();
  });
});

describe("FixedWindow: 429s that are not the window's", () => {
  it("after a lone 429, sends one request alone probeAfterMs later; accepted, holds nothing and learns nothing", () => {
    const r = rig();
    r.sendAll(30).forEach((t) => r.answer(t, 200));
    r.answer(r.send() as Ticket, 429);
    expect(r.model.held).toBe(true);
    expect(r.delay()).toBe(PROBE_AFTER);
    r.waitTurn();
    const probe = r.send() as Ticket;
    expect(probe.alone).toBe(true);
    expect(r.send()).toBeUndefined();
    r.answer(probe, 200);
    expect(r.model.held).toBe(false);
    expect(r.model.quota).toBeUndefined();
    expect(r.sendAll(100)).toHaveLength(100);
  });

  it("waits for the answers out before the probe, and takes a second refusal among them for the window's", () => {
    const r = rig();
    const tickets = r.sendAll(5);
    r.answer(tickets[0] as Ticket, 429);
    r.clock.t += PROBE_AFTER;
    expect(r.delay()).toBe(Infinity);
    r.answer(tickets[1] as Ticket, 200);
    r.answer(tickets[2] as Ticket, 429);
    expect(r.clock.t + r.delay()).toBe(r.nextMinute() + MARGIN);
  });

  it("does not stall on a probe whose answer never comes: the next goes probeAfterMs later", () => {
    const r = rig();
    r.answer(r.send() as Ticket, 429);
    r.waitTurn();
    const probe = r.send() as Ticket;
    r.clock.t += 30_000;
    r.out.delete(probe);
    r.model.onNoAnswer(probe, r.clock.t);
    expect(r.delay()).toBe(PROBE_AFTER);
  });

  it("holds everything for a Retry-After, when a server sends one", () => {
    const r = rig();
    const ticket = r.send() as Ticket;
    r.out.delete(ticket);
    r.model.onAnswer(ticket, 429, r.clock.t, 7_000);
    expect(r.delay()).toBe(7_000);
    r.clock.t += 7_000;
    expect(r.send()).toBeDefined();
  });
});

describe("FixedWindow: the server's clock", () => {
  // [the server's clock minus the machine's wall clock, where the run starts in the server's window]
  const skews: [number, number][] = [
    [0, 10_000],
    [-20_000, 10_000],
    [37_000, 50_000],
    [-3 * 3_600_000, 59_000],
    [90_000, 1_000],
  ];

  it.each(skews)("the server's clock %i ms ahead of the machine's: waits by the server's (from its Date headers)", (skew, into) => {
    const r = rig(into, {}, -skew);
    burst(r, 50);
    expect(r.clock.t + r.delay()).toBe(r.nextMinute() + MARGIN);
  });

  it("without Date headers, takes the machine's wall clock for the server's, a second late at most", () => {
    const r = rig(10_000, {}, 0);
    const tickets = r.sendAll(12);
    tickets.forEach((t, i) => r.answer(t, i < 10 ? 200 : 429, false));
    expect(r.clock.t + r.delay()).toBe(r.nextMinute() + 1_000 + MARGIN);
  });

  it("attributes a request to the window its Date shows, even when the local reckoning is a second behind", () => {
    // Undated until now: the model reckons the server a second behind (its wall clock's doubt).
    const r = rig(500);
    const tickets = r.sendAll(11);
    tickets.forEach((t, i) => r.answer(t, i < 9 ? 200 : 429));
    expect(r.model.quota).toBe(9);
  });
});
