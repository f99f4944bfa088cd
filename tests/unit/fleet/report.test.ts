/**
 * What a run shows: the end table (a row per member, an error by its first line only, drift by
 * resource, Markdown cells escaped), the exit code, the plain progress's timestamped lines and the
 * terminal's live block, which a member's end and notes are written above.
 */
import type { MemberOutcome } from "../../../sdk/fleet/member-run";
import { PlainProgress } from "../../../sdk/fleet/plain-progress";
import { exitCodeOf, type FleetReport } from "../../../sdk/fleet/report";
import { markdownTable, textTable } from "../../../sdk/fleet/report-table";
import { TerminalProgress } from "../../../sdk/fleet/terminal-progress";

const outcome = (name: string, result: MemberOutcome["result"], more: Partial<MemberOutcome> = {}): MemberOutcome => ({
  name,
  stack: name,
  installation: "eu",
  account: "new",
  orphan: false,
  result,
  counts: { created: 0, updated: 0, deleted: 0, unchanged: 0 },
  requests: 0,
  throttled: 0,
  durationMs: 1_500,
  notes: [],
  drift: [],
  ...more,
});

const report = (command: string, members: MemberOutcome[], orphans: string[] = []): FleetReport => ({
  command,
  fleetFile: "fleet.yaml",
  backend: "file:///fleet.state",
  startedAt: "2026-12-02T10:00:00.000Z",
  durationMs: 65_000,
  members,
  orphans,
  installations: [{ name: "eu", url: "https://chat-eu.example.com", budgetPerMinute: 1500, requests: 33, throttled: 1 }],
  exitCode: exitCodeOf(command, members),
});

const up = report(
  "up",
  [
    outcome("acme", "succeeded", { counts: { created: 20, updated: 0, deleted: 0, unchanged: 0 }, requests: 31, throttled: 1 }),
    outcome("globex | co", "failed", { error: "label-bug: property color has a problem: must be a hex colour\nand a second line of detail" }),
    outcome("initech", "skipped", { error: "not run: --fail-fast stopped the run when globex | co failed", durationMs: 0 }),
  ],
  ["old-customer"],
);

test.each([
  ["up", [outcome("a", "succeeded")], 0],
  ["up", [outcome("a", "succeeded"), outcome("b", "failed")], 1],
  ["up", [outcome("a", "succeeded"), outcome("b", "skipped")], 1],
  ["drift", [outcome("a", "in sync")], 0],
  ["drift", [outcome("a", "in sync"), outcome("b", "drifted")], 2],
  ["drift", [outcome("a", "drifted"), outcome("b", "failed")], 1],
] as const)("%s of %j exits %i", (command, members, code) => {
  expect(exitCodeOf(command, [...members])).toBe(code);
});

test("the text table: aligned columns, an error's first line only, the tally, orphans and each installation's requests", () => {
  const lines = textTable(up).split("\n");
  const head = lines[0] ?? "";
  expect(head).toMatch(/^member +result +created +updated +deleted +unchanged +requests +duration +error$/);
  // Every row's columns start where the header's do.
  const starts = (line: string, words: string[]) => words.map((w) => line.indexOf(w));
  expect(starts(lines[1] ?? "", ["acme", "succeeded"])).toEqual(starts(head, ["member", "result"]));
  expect(lines[1]).toMatch(/ 20 +0 +0 +0 +31 \(1×429\) +1\.5 s$/);
  expect(lines[2]).toMatch(/label-bug: property color has a problem: must be a hex colour$/);
  expect(textTable(up)).not.toContain("a second line of detail");
  expect(textTable(up)).toContain("up: 1 succeeded, 1 failed, 1 skipped in 1 min 5 s.");
  expect(textTable(up)).toContain("orphans (stacks the fleet file no longer names; `fleet destroy --only NAME` removes one): old-customer");
  expect(textTable(up)).toContain("eu (https://chat-eu.example.com): 33 requests, 1 answered 429; budget 1500 per minute");
});

test("the Markdown table escapes pipes, right-aligns the figures and lists what drifted", () => {
  const md = markdownTable(up);
  expect(md).toMatch(/^### pulumi-chatwoot fleet up: 1 succeeded, 1 failed, 1 skipped$/m);
  expect(md).toContain("| member | result | created | updated | deleted | unchanged | requests | duration | error |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |");
  expect(md).toContain("| globex \\| co | failed |");
  const drift = markdownTable(report("drift", [outcome("globex", "drifted", { drift: [{ resource: "label-vip", type: "pulumi-nodejs:dynamic/chatwoot:Label", properties: ["color", "description"] }] })]));
  expect(drift).toContain("| globex | drifted | label-vip |");
  expect(drift).toContain("- globex: label-vip (pulumi-nodejs:dynamic/chatwoot:Label) drifted: color, description");
});

test("plain progress: a timestamped line as each member starts, notes and ends, and the figures at the end", () => {
  const lines: string[] = [];
  let t = Date.parse("2026-12-02T10:00:00.000Z");
  const progress = new PlainProgress("up", () => ({ membersDone: 1, members: 2, resources: 20, requests: 31, waiting: 2 }), (line) => lines.push(line), 60_000, () => new Date((t += 1_000)));
  const acme = progress.member("acme");
  acme.note("config: set customerName");
  progress.finished(outcome("acme", "succeeded", { counts: { created: 20, updated: 0, deleted: 0, unchanged: 0 }, requests: 31 }));
  progress.end();
  expect(lines).toEqual([
    "2026-12-02T10:00:01.000Z acme: up started",
    "2026-12-02T10:00:02.000Z acme: config: set customerName",
    "2026-12-02T10:00:03.000Z acme: succeeded in 1.5 s: 20 created, 0 updated, 0 deleted, 0 unchanged; 31 requests",
    "2026-12-02T10:00:04.000Z fleet: 1/2 members · 20 resources · 31 requests · 2 waiting for the rate window",
  ]);
});

test("terminal progress: a line per running member and the bar, redrawn in place; an end written above stays", () => {
  let screen = "";
  const progress = new TerminalProgress(() => ({ membersDone: 1, members: 4, resources: 7, requests: 9, waiting: 0 }), (text) => (screen += text), () => 80);
  const acme = progress.member("acme");
  acme.phase("up");
  acme.step();
  progress.member("globex");
  progress.finished(outcome("initech", "succeeded"));
  progress.end();
  // The last frame: the finished member above, then the running ones and the bar (a quarter done).
  const last = screen.slice(screen.lastIndexOf("✓ initech: succeeded in 1.5 s"));
  expect(last).not.toBe("");
  expect(last).toMatch(/acme +up {2}1 resources/);
  expect(last).toMatch(/globex +starting {2}0 resources/);
  expect(last).toContain("[######------------------] 1/4 members · 7 resources · 9 requests");
  // Each redraw moves up over the block it drew and clears its lines (ANSI), never scrolling it.
  expect(screen).toContain("\u001b[2K");
  expect(screen).toContain("\u001b[2A");
});
