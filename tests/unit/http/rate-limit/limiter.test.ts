/**
 * The limiter's queue on a clock and timers the test moves by hand: the cap on requests in flight,
 * the order of turns, and how the server's window (see fixed-window.test.ts) holds and releases it.
 */
import { Limiter, type Ticket } from "../../../../provider/http/rate-limit/limiter";
import { OPTIONS, manual, spendWindow } from "../support/manual-limiter";

describe("Limiter: requests in flight", () => {
  it("lets everything through at once, without timers, until a 429", () => {
    const { limiter, timers, answer } = manual({}, 16);
    for (let i = 0; i < 10_000; i++) limiter.whenAllowed((ticket) => answer(ticket, 200));
    expect(timers).toHaveLength(0);
    expect(limiter.stats()).toMatchObject({ throttled: 0, probes: 0, holds: 0, quota: undefined, waiting: 0, inFlight: 0, waitingForWindow: 0 });
  });

  it("stamps send times that strictly increase, even in the same instant", () => {
    const { limiter } = manual();
    const stamps: number[] = [];
    for (let i = 0; i < 5; i++) limiter.whenAllowed((ticket) => stamps.push(ticket.sentAt));
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1] as number);
  });

  it("admits up to maxInFlight, queues the rest in order, and lets one go per release without a timer", () => {
    const { limiter, advance, delays } = manual({}, 3);
    const order: number[] = [];
    for (let i = 0; i < 10; i++) limiter.whenAllowed(() => order.push(i));
    expect(order).toEqual([0, 1, 2]);
    expect(limiter.stats()).toMatchObject({ waiting: 7, inFlight: 3 });
    limiter.release();
    expect(order).toEqual([0, 1, 2]); // woken after the current call stack, not inside release()
    advance(0);
    expect(order).toEqual([0, 1, 2, 3]);
    limiter.release();
    limiter.release();
    advance(0);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limiter.stats()).toMatchObject({ waiting: 4, inFlight: 3 });
    // Waiting for a slot never set a timer (no polling, no timer's delay).
    expect(delays).toEqual([]);
  });

  it("queues a newcomer behind the waiting requests even when a slot is free, and a retry after a 429 ahead of them", () => {
    const { limiter, advance } = manual({}, 1);
    const order: string[] = [];
    limiter.whenAllowed(() => order.push("a"));
    limiter.whenAllowed(() => order.push("b"));
    limiter.release();
    limiter.whenAllowed(() => order.push("c"));
    limiter.whenAllowed(() => order.push("retry"), true);
    advance(0);
    expect(order).toEqual(["a", "retry"]);
    limiter.release();
    advance(0);
    limiter.release();
    advance(0);
    expect(order).toEqual(["a", "retry", "b", "c"]);
  });

  it("with real timers, a released slot wakes the queue in a microtask", async () => {
    const limiter = new Limiter({}, 1);
    const order: string[] = [];
    limiter.whenAllowed(() => order.push("a"));
    limiter.whenAllowed(() => order.push("b"));
    limiter.release();
    await Promise.resolve();
    expect(order).toEqual(["a", "b"]);
  });

  it("gives the slot of a request that fails at once to the next within the same wake-up", () => {
    const { limiter, advance, timers } = manual({}, 1);
    limiter.whenAllowed(() => undefined); // holds the only slot
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) {
      limiter.whenAllowed(() => {
        ran.push(i);
        limiter.release(); // e.g. a dispatch that failed synchronously
      });
    }
    limiter.release();
    advance(0);
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.stats()).toMatchObject({ waiting: 0, inFlight: 0 });
    expect(timers).toHaveLength(0);
    // Nothing was left in a "wake-up pending" state: the next request goes at once.
    let next = false;
    limiter.whenAllowed(() => (next = true));
    expect(next).toBe(true);
  });

  it("stays usable after a request's go throws", () => {
    const { limiter, advance } = manual({}, 1);
    limiter.whenAllowed(() => undefined);
    limiter.whenAllowed(() => {
      throw new Error("boom");
    });
    limiter.whenAllowed(() => undefined);
    limiter.release();
    expect(() => advance(0)).toThrow("boom");
    expect(limiter.stats()).toMatchObject({ waiting: 1, inFlight: 1 });
    limiter.release(); // the thrower's owner gives its slot back
    advance(0);
    expect(limiter.stats()).toMatchObject({ waiting: 0, inFlight: 1 });
  });

  it("never has more than maxInFlight out, whatever the order and timing of answers, 429s and lost ones included", () => {
    const r = manual({}, 5);
    // Deterministic pseudo-random latencies (mulberry32).
    let state = 7;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    let out = 0;
    let peak = 0;
    const order: number[] = [];
    for (let i = 0; i < 500; i++) {
      r.limiter.whenAllowed((ticket) => {
        order.push(i);
        out += 1;
        peak = Math.max(peak, out);
        const end = () => {
          out -= 1;
          r.limiter.release();
        };
        const x = random();
        if (x < 0.1) {
          // Failed at once (as the attempt gate reports a dispatch that throws).
          r.limiter.onNoAnswer(ticket);
          return end();
        }
        r.timers.push({
          at: r.clock.t + 1 + Math.floor(x * 50),
          id: -1,
          fn: () => {
            if (x < 0.2) r.limiter.onNoAnswer(ticket);
            else r.limiter.onAnswer(ticket, x > 0.9 ? 429 : 200, undefined, r.date());
            end();
          },
        });
      });
    }
    // Random 429s read as windows spent: it takes the windows they say, then every request has gone.
    r.advance(6 * 3_600_000);
    expect(order).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(peak).toBe(5);
    expect(r.limiter.stats()).toMatchObject({ waiting: 0, inFlight: 0 });
    expect(r.limiter.stats().throttled).toBeGreaterThan(0);
  });

  it("rejects a cap below one", () => {
    expect(() => new Limiter({}, 0)).toThrow(RangeError);
    expect(() => new Limiter({}, Number.NaN)).toThrow(RangeError);
  });
});

describe("Limiter: the server's window", () => {
  it("holds the queue after a window's 429s until the server's next window opens by its Date, then sends one alone, the rest once it is accepted", () => {
    // The server's clock 25 s behind the machine's: its Date headers say so.
    const r = manual({}, 64, undefined, 25_000);
    r.server.offsetMs -= 25_000;
    spendWindow(r, 30);
    const sent: { i: number; ticket: Ticket }[] = [];
    for (let i = 0; i < 5; i++) r.limiter.whenAllowed((ticket) => sent.push({ i, ticket }));
    const opening = r.nextOpening() + OPTIONS.marginMs;
    expect(r.delays.at(-1)).toBe(opening - r.clock.t);
    r.advance(opening - r.clock.t - 1);
    expect(sent).toEqual([]);
    r.advance(1);
    expect(sent.map((s) => [s.i, s.ticket.alone])).toEqual([[0, true]]);
    r.answer((sent[0] as { ticket: Ticket }).ticket, 200);
    r.advance(0);
    expect(sent.map((s) => s.i)).toEqual([0, 1, 2, 3, 4]);
    expect(r.limiter.stats()).toMatchObject({ waiting: 0, throttled: 2, holds: 1, quota: 30, quotaSource: "estimate" });
  });

  it("keeps the requests waiting for a slot back when a 429 arrives, so that only those in flight are refused", () => {
    const r = manual({}, 4);
    const sent: Ticket[] = [];
    for (let i = 0; i < 20; i++) r.limiter.whenAllowed((ticket) => sent.push(ticket));
    expect(sent).toHaveLength(4);
    r.advance(20);
    for (const ticket of sent.slice(0, 4)) r.answer(ticket, 429);
    r.advance(0);
    expect(sent).toHaveLength(4); // without the cap, all 20 would be out already
    expect(r.limiter.stats()).toMatchObject({ waiting: 16, throttled: 4, holds: 1 });
    r.advance(r.nextOpening() - r.clock.t - 1);
    expect(sent).toHaveLength(4);
    r.advance(1_000 + OPTIONS.marginMs);
    expect(sent).toHaveLength(5); // the opener
  });

  it("sends a configured quota per window at once, the rest at the next window's opening, and none is refused", () => {
    const r = manual({}, 16);
    r.limiter.configure(40);
    const sent: Ticket[] = [];
    for (let i = 0; i < 100; i++) r.limiter.whenAllowed((ticket) => sent.push(ticket));
    const answerAll = () => {
      for (let n = 0; n < 100 && sent.some((t) => !answered.has(t)); n++) {
        for (const t of sent.filter((x) => !answered.has(x))) {
          answered.add(t);
          r.answer(t, 200);
        }
        r.advance(0);
      }
    };
    const answered = new Set<Ticket>();
    answerAll();
    expect(sent).toHaveLength(40);
    r.advance(r.nextOpening() + OPTIONS.marginMs - r.clock.t);
    answerAll();
    expect(sent).toHaveLength(80);
    r.advance(r.nextOpening() + OPTIONS.marginMs - r.clock.t);
    answerAll();
    expect(sent).toHaveLength(100);
    expect(r.limiter.stats()).toMatchObject({ throttled: 0, holds: 2, quota: 40, quotaSource: "configured" });
  });

  it("after a lone 429, sends the retry alone probeAfterMs later; accepted, the queue goes on without waiting for a window", () => {
    const r = manual({}, 16);
    const first: Ticket[] = [];
    r.limiter.whenAllowed((ticket) => first.push(ticket));
    r.answer(first[0] as Ticket, 429);
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) r.limiter.whenAllowed(() => sent.push(`call ${i}`));
    let retry: Ticket | undefined;
    r.limiter.whenAllowed((ticket) => {
      sent.push("retry");
      retry = ticket;
    }, true);
    r.advance(OPTIONS.probeAfterMs - 1);
    expect(sent).toEqual([]);
    r.advance(1);
    expect(sent).toEqual(["retry"]);
    expect(retry?.alone).toBe(true);
    r.answer(retry as Ticket, 200);
    r.advance(0);
    expect(sent).toEqual(["retry", "call 0", "call 1", "call 2"]);
    expect(r.limiter.stats()).toMatchObject({ throttled: 1, holds: 0, quota: undefined });
  });

  it("wakes a queue that waits for the answers out (a request must go alone) at the last answer, with no timer", () => {
    const r = manual({}, 16);
    spendWindow(r, 3); // an estimate of 3: tested in the next window by a fourth request, alone
    const sent: Ticket[] = [];
    for (let i = 0; i < 6; i++) r.limiter.whenAllowed((ticket) => sent.push(ticket));
    r.advance(r.nextOpening() + OPTIONS.marginMs - r.clock.t);
    r.answer(sent[0] as Ticket, 200); // the opener
    r.advance(0);
    expect(sent).toHaveLength(3);
    const timers = r.delays.length;
    r.answer(sent[1] as Ticket, 200);
    r.advance(0);
    expect(sent).toHaveLength(3); // the test waits until every request of the window is answered
    r.answer(sent[2] as Ticket, 200);
    r.advance(0);
    expect(sent).toHaveLength(4);
    expect(sent[3]?.alone).toBe(true);
    expect(r.delays).toHaveLength(timers);
  });

  it("reports how far the server's clock runs ahead of the machine's, as far as a Date header told", () => {
    const r = manual({}, 16, undefined, -37_000); // the machine's clock 37 s behind the server's
    expect(r.limiter.stats().serverAheadMs).toEqual({ lo: -1_000, hi: 1_000 }); // nothing dated yet
    const sent: Ticket[] = [];
    r.limiter.whenAllowed((ticket) => sent.push(ticket));
    r.advance(30);
    r.answer(sent[0] as Ticket, 200);
    const { lo, hi } = r.limiter.stats().serverAheadMs;
    expect(lo).toBeLessThanOrEqual(37_000);
    expect(hi).toBeGreaterThanOrEqual(37_000);
    expect(hi - lo).toBeLessThanOrEqual(1_030);
  });
});
