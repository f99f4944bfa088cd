import { MODES, request, seedClients, useSandbox } from "./http";

const INBOXES = "/api/v1/accounts/1/inboxes";

describe.each(MODES)("application API authentication and routing (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, admin2, platform1 } = seedClients(sandbox);

  it("answers devise's 401 with an errors array when no token is sent (or a blank one)", async () => {
    for (const headers of [{}, { api_access_token: "  " }] as Record<string, string>[]) {
      const answer = await request(sandbox().url, "GET", INBOXES, { headers });
      expect([answer.status, answer.body]).toEqual([401, { errors: ["You need to sign in or sign up before continuing."] }]);
    }
  });

  it("answers 401 Invalid Access Token for an unknown token", async () => {
    const answer = await request(sandbox().url, "GET", INBOXES, { token: "nope" });
    expect([answer.status, answer.body]).toEqual([401, { error: "Invalid Access Token" }]);
  });

  it("accepts the dash spelling of the header", async () => {
    const answer = await request(sandbox().url, "GET", INBOXES, { headers: { "Api-Access-Token": sandbox().info.accounts[0]?.adminToken ?? "" } });
    expect(answer.status).toBe(200);
  });

  it("refuses platform-app and agent-bot tokens on account endpoints", async () => {
    sandbox().control.setShapes("documented");
    const [bot] = (await platform1.get("/platform/api/v1/agent_bots")).body as { access_token: string }[];
    for (const token of [sandbox().info.platformTokens[0] ?? "", bot?.access_token ?? ""]) {
      const answer = await request(sandbox().url, "GET", INBOXES, { token });
      expect([answer.status, answer.body]).toEqual([401, { error: "Access to this endpoint is not authorized for bots" }]);
    }
  });

  it("answers 404 for an account that does not exist", async () => {
    for (const id of ["99", "abc"]) {
      const answer = await admin1.get(`/api/v1/accounts/${id}/inboxes`);
      expect([answer.status, answer.body]).toEqual([404, { error: "Resource could not be found" }]);
    }
  });

  it("answers 401 to a user who is not a member of the account", async () => {
    const answer = await admin2.get(INBOXES);
    expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to access this account" }]);
  });

  it("answers Rails' routing 404 in JSON for unknown paths and methods", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/accounts/1/unknown"],
      ["PUT", INBOXES],
      ["GET", "/"],
      ["DELETE", "/platform/api/v1/agent_bots"],
    ] as const) {
      const answer = await admin1.send(method, path);
      expect([answer.status, answer.body]).toEqual([404, { status: 404, error: "Not Found" }]);
    }
  });

  it("routes before authenticating: an unknown route is 404 even without a token", async () => {
    expect((await request(sandbox().url, "GET", "/api/v1/accounts/1/unknown")).status).toBe(404);
  });

  it("ignores a trailing slash like Rails", async () => {
    expect((await admin1.get(`${INBOXES}/`)).status).toBe(200);
  });
});
