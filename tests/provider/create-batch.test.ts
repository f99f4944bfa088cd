/**
 * Creates of one collection that are in flight together share the listing taken before their
 * POSTs (one GET for the batch instead of one per create), and a create whose answer is lost never
 * takes an object another create of the batch made, even an identical one.
 */
import { resources } from "../../provider";
import { create } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const ctx = useSandbox();
const RULES = "/api/v1/accounts/1/automation_rules";
const rule = (name: string) => ({ name, eventName: "conversation_created", actions: [{ actionName: "add_label", actionParams: ["vip"] }] });
const lines = (method: string, path: string) => ctx.requests().filter((e) => e.method === method && e.path === path);

test("concurrent creates of one collection list it once, sequential ones once each", async () => {
  await Promise.all(["a", "b", "c", "d", "e"].map((n) => create(resources.AutomationRule, rule(n))));
  expect(lines("GET", RULES)).toHaveLength(1);
  expect(lines("POST", RULES)).toHaveLength(5);

  ctx.sb.control.clearLog();
  await create(resources.AutomationRule, rule("f"));
  await create(resources.AutomationRule, rule("g"));
  expect(lines("GET", RULES)).toHaveLength(2);
});

test("a lost answer in a batch of identical creates takes the object its own POST made, not a batch-mate's", async () => {
  const collection = "/api/v1/accounts/:account/automation_rules";
  // The batch's listing goes through; the look after the lost answer comes once the other create
  // (an identical rule) has finished, so that both rules are new since the listing when it looks.
  ctx.sb.control.inject({ method: "GET", path: collection, kind: "delay", delayMs: 0 });
  ctx.sb.control.inject({ method: "GET", path: collection, kind: "delay", delayMs: 500 });
  ctx.sb.control.inject({ method: "POST", path: collection, kind: "lost-response" });
  const states = await Promise.all([create(resources.AutomationRule, rule("twin")), create(resources.AutomationRule, rule("twin"))]);
  const ids = states.map((s) => Number(s.id)).sort();
  const stored = ctx.sb.control.snapshot().automation_rules.map((r) => r.id).sort();
  expect(ids[0]).not.toBe(ids[1]);
  expect(stored).toEqual(ids);
  expect(lines("POST", RULES)).toHaveLength(2);
});
