/**
 * Canned responses, each case written from upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/canned_responses_controller_spec.rb
 * (search and its order), app/models/canned_response.rb; the controller renders the records themselves (`render json:`).
 */
import { MODES, seedClients, useSandbox } from "./http";

const CANNED = "/api/v1/accounts/1/canned_responses";
const CANNED_2 = "/api/v1/accounts/2/canned_responses";
type Canned = { id: number; short_code: string; content: string } & Record<string, unknown>;

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(MODES)("canned responses (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (short_code: string, content: string) => (await admin1.post(CANNED, { short_code, content })).body as Canned;
  const codes = async (query = "") => ((await agent1.get(`${CANNED}${query}`)).body as Canned[]).map((c) => c.short_code);

  describe("POST", () => {
    it("creates for any member and answers the record's columns", async () => {
      const answer = await agent1.post(CANNED, { canned_response: { short_code: "Thanks", content: "Thank you for writing!" } });
      expect([answer.status, answer.body]).toEqual([
        200,
        { id: 1, account_id: 1, short_code: "Thanks", content: "Thank you for writing!", created_at: expect.stringMatching(ISO_MS), updated_at: expect.stringMatching(ISO_MS) },
      ]);
    });

    it("requires both texts and keeps short codes unique per account, case-sensitively", async () => {
      const blank = await admin1.post(CANNED, { short_code: " ", content: null });
      expect([blank.status, blank.body]).toEqual([422, { message: "Content can't be blank, Short code can't be blank", attributes: ["content", "short_code"] }]);
      await create("hi", "Hello!");
      const taken = await admin1.post(CANNED, { short_code: "hi", content: "Hey" });
      expect([taken.status, taken.body]).toEqual([422, { message: "Short code has already been taken", attributes: ["short_code"] }]);
      expect((await admin1.post(CANNED, { short_code: "HI", content: "Hey" })).status).toBe(200);
      expect((await admin2.post(CANNED_2, { short_code: "hi", content: "Hey" })).status).toBe(200);
    });

    it("answers ParameterMissing for a body without canned response fields", async () => {
      const answer = await admin1.post(CANNED, { other: 1 });
      expect([answer.status, answer.body]).toEqual([422, { error: "param is missing or the value is empty: canned_response" }]);
    });
  });

  describe("GET", () => {
    it("lists the account's responses as a bare array in id order", async () => {
      await create("zeta", "last letter");
      await create("alpha", "first letter");
      await admin2.post(CANNED_2, { short_code: "other", content: "x" });
      expect(await codes()).toEqual(["zeta", "alpha"]);
    });

    it("filters with ?search= and ranks short-code prefixes, then short codes, then contents", async () => {
      await create("billing-address", "Please send your address");
      await create("refund", "Your billing is refunded");
      await create("hello", "Hi there");
      await create("rebill", "We rebilled you");
      await create("billing", "About invoices");
      expect(await codes("?search=BILL")).toEqual(["billing-address", "billing", "rebill", "refund"]);
      expect(await codes("?search=b_ll")).toEqual(["billing-address", "billing", "rebill", "refund"]);
      expect(await codes("?search=nothing")).toEqual([]);
      expect(await codes("?search=")).toEqual(["billing-address", "refund", "hello", "rebill", "billing"]);
    });

    // "returns all the canned responses the user searched for": [cr3, cr2, cr1].
    it("orders the spec's search as upstream does", async () => {
      await create("name-short-code", "Hey {{ contact.name }}, Thanks for reaching out");
      await create("short-code", "Great! Looking forward");
      await create("content-with-thanks", "Thanks for reaching out");
      await create("Thanks", "Thanks for reaching out");
      expect(await codes("?search=thanks")).toEqual(["Thanks", "content-with-thanks", "name-short-code"]);
    });
  });

  describe("PATCH", () => {
    it("changes the keys sent for any member and moves updated_at", async () => {
      const canned = await create("hi", "Hello!");
      await new Promise((resolve) => setTimeout(resolve, 5));
      const answer = await agent1.patch(`${CANNED}/${canned.id}`, { content: "Hello there!" });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...canned, content: "Hello there!", updated_at: expect.stringMatching(ISO_MS) });
      expect(Date.parse((answer.body as Canned).updated_at as string)).toBeGreaterThan(Date.parse(canned.updated_at as string));
    });

    it("validates like create and answers 404 for another account's response", async () => {
      const canned = await create("hi", "Hello!");
      await create("bye", "Goodbye!");
      expect((await admin1.patch(`${CANNED}/${canned.id}`, { short_code: "bye" })).body).toEqual({ message: "Short code has already been taken", attributes: ["short_code"] });
      const foreign = (await admin2.post(CANNED_2, { short_code: "x", content: "y" })).body as Canned;
      const answer = await admin1.patch(`${CANNED}/${foreign.id}`, { content: "z" });
      expect([answer.status, answer.body]).toEqual([404, { error: "Resource could not be found" }]);
    });

    it("has no show route", async () => {
      const canned = await create("hi", "Hello!");
      expect((await admin1.get(`${CANNED}/${canned.id}`)).body).toEqual({ status: 404, error: "Not Found" });
    });
  });

  describe("DELETE", () => {
    it("answers an empty 200 for any member; another account's is 404", async () => {
      const canned = await create("hi", "Hello!");
      const foreign = (await admin2.post(CANNED_2, { short_code: "x", content: "y" })).body as Canned;
      expect((await agent1.delete(`${CANNED}/${foreign.id}`)).status).toBe(404);
      const answer = await agent1.delete(`${CANNED}/${canned.id}`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect(await codes()).toEqual([]);
      expect(sandbox().control.snapshot().canned_responses).toEqual([expect.objectContaining({ id: foreign.id })]);
    });
  });

  it("answers an injected 503 without applying the update", async () => {
    const canned = await create("hi", "Hello!");
    sandbox().control.inject({ method: "PATCH", path: "/api/v1/accounts/:account/canned_responses/:id", kind: "status", status: 503 });
    expect((await admin1.patch(`${CANNED}/${canned.id}`, { content: "changed" })).status).toBe(503);
    expect(sandbox().control.snapshot().canned_responses).toEqual([expect.objectContaining({ content: "Hello!" })]);
  });
});
