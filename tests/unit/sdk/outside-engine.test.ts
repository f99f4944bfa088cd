/**
 * `node index.js` of a program registers nothing and exits 0: the SDK says so on stderr, once, from
 * every resource constructor and data source, and stays quiet wherever a monitor exists (the engine,
 * `pulumi.runtime.setMocks`). Resources are constructed in plain Node, in
 * tests/program/outside-engine.test.ts: under jest the SDK cannot serialize their providers.
 */
import * as pulumi from "@pulumi/pulumi";
import * as sdk from "../../../sdk";
import * as outsideEngine from "../../../sdk/outside-engine";

const NOTICE = /running outside the Pulumi engine/;

/** What the code under test writes on stderr, kept from the test output. */
function captureStderr(): { text: () => string; restore: () => void } {
  let written = "";
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written += String(chunk);
    return true;
  });
  return { text: () => written, restore: () => spy.mockRestore() };
}

afterEach(() => jest.restoreAllMocks());

test("outside any engine, the notice says how to run the program, on stderr, once per process", () => {
  jest.isolateModules(() => {
    const { noticeOutsideEngine } = require("../../../sdk/outside-engine") as typeof outsideEngine;
    const stderr = captureStderr();
    noticeOutsideEngine();
    noticeOutsideEngine();
    stderr.restore();
    expect(stderr.text().match(new RegExp(NOTICE, "g"))).toHaveLength(1);
    expect(stderr.text()).toContain("`pulumi up`");
    expect(stderr.text()).toContain("https://www.pulumi.com/docs/iac/download-install/");
  });
});

test.each([
  ["getInbox", () => sdk.getInbox({ inboxId: 1 })],
  ["getAgentBots", () => sdk.getAgentBots()],
])("%s(...) gives the notice", async (_name, call) => {
  const notice = jest.spyOn(outsideEngine, "noticeOutsideEngine").mockImplementation(() => undefined);
  // No connection is configured here: the lookup itself fails, after the notice.
  await call().catch(() => undefined);
  expect(notice).toHaveBeenCalledTimes(1);
});

test("under pulumi.runtime.setMocks (a monitor exists) nothing is printed", async () => {
  await pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) }, "project", "stack", false);
  jest.isolateModules(() => {
    const fresh = require("../../../sdk/outside-engine") as typeof outsideEngine;
    const stderr = captureStderr();
    fresh.noticeOutsideEngine();
    stderr.restore();
    expect(stderr.text()).not.toMatch(NOTICE);
  });
});
