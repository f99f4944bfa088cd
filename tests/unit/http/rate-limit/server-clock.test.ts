import { ServerClock } from "../../../../provider/http/rate-limit/server-clock";

/** An answer: dated `date` (epoch ms, written as an HTTP date), to a request sent and answered at local times. */
type Answer = [date: number, sentAt: number, receivedAt: number];

const T = 1_800_000_000_000; // a whole minute
const http = (ms: number) => new Date(ms).toUTCString();

function clockAfter(answers: Answer[], wall = () => 0, now = () => 0): ServerClock {
  const clock = new ServerClock(now, wall);
  for (const [date, sentAt, receivedAt] of answers) clock.observe(http(date), sentAt, receivedAt);
  return clock;
}

describe("ServerClock", () => {
  // [what, answers, offset bounds after them]
  const cases: [string, Answer[], { lo: number; hi: number }][] = [
    ["one answer: the date's second and the round trip", [[T, 1_000, 1_040]], { lo: T - 1_040, hi: T + 1_000 - 1_000 }],
    [
      "answers at other points of the second narrow it, each from its end",
      [
        [T, 1_000, 1_040], // the server's second had not turned by 1,000
        [T + 1_000, 1_700, 1_720], // it had by 1,720
        [T + 1_000, 1_950, 1_980],
      ],
      { lo: T + 1_000 - 1_720, hi: T + 1_000 - 1_000 },
    ],
    [
      "a date a second behind what the others showed (written from a cache) lowers nothing",
      [
        [T + 1_000, 1_700, 1_720],
        [T, 1_800, 1_830],
      ],
      { lo: T + 1_000 - 1_720, hi: T + 1_000 - 1_720 },
    ],
    [
      "a date far behind what was known (the server's clock set back): known from it alone",
      [
        [T, 1_000, 1_040],
        [T - 3_600_000, 2_000, 2_010],
      ],
      { lo: T - 3_600_000 - 2_010, hi: T - 3_600_000 + 1_000 - 2_000 },
    ],
    [
      "a date far ahead (the server's clock set forward): the lower end moves up",
      [
        [T, 1_000, 1_040],
        [T + 7_200_000, 2_000, 2_010],
      ],
      { lo: T + 7_200_000 - 2_010, hi: T + 7_200_000 - 2_010 },
    ],
  ];

  it.each(cases)("%s", (_what, answers, bounds) => {
    const clock = clockAfter(answers);
    expect(clock.dated).toBe(true);
    expect(clock.offset()).toEqual(bounds);
  });

  it("ignores a missing or unreadable Date header, and says what an answer's date was", () => {
    const clock = new ServerClock(
      () => 500,
      () => T + 20_500,
    );
    expect(clock.observe(undefined, 0, 10)).toBeUndefined();
    expect(clock.observe("yesterday-ish", 0, 10)).toBeUndefined();
    expect(clock.dated).toBe(false);
    // Undated: the machine's wall clock stands for the server's, give or take a second.
    expect(clock.offset()).toEqual({ lo: T + 20_000 - 1_000, hi: T + 20_000 + 1_000 });
    expect(clock.observe(http(T + 21_000), 400, 480)).toBe(T + 21_000);
    expect(clock.offset()).toEqual({ lo: T + 21_000 - 480, hi: T + 22_000 - 400 });
  });

  it("keeps the true offset within its bounds whatever the answers' timing (random round trips and server phases)", () => {
    let state = 11;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const offset = T + 37_123.4; // the server's clock, minus the local one
    const clock = new ServerClock(
      () => 0,
      () => 0,
    );
    for (let i = 0; i < 500; i++) {
      const sentAt = 1_000 + i * 97 + random() * 50;
      const handledAt = sentAt + random() * 40; // local time the server wrote its date
      const receivedAt = handledAt + random() * 40;
      clock.observe(http(Math.floor((handledAt + offset) / 1_000) * 1_000), sentAt, receivedAt);
      const { lo, hi } = clock.offset();
      expect(lo).toBeLessThanOrEqual(offset);
      expect(hi).toBeGreaterThanOrEqual(offset);
    }
    // Hundreds of answers pin it to a few tens of milliseconds (the round trips' share).
    const { lo, hi } = clock.offset();
    expect(hi - lo).toBeLessThan(100);
  });
});
