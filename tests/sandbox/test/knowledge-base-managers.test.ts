/**
 * Enterprise's help-center policies (enterprise/app/policies/enterprise/{portal,category,article}_policy.rb at
 * fd5ac2a8a; spec/enterprise/controllers/enterprise/api/v1/accounts/{categories,articles}_controller_spec.rb and
 * spec/enterprise/policies/category_policy_spec.rb): an agent whose custom role has `knowledge_base_manage` may do
 * what the administrator-only actions allow; another agent may not, nor anyone on a community server.
 */
import { outcome, seedClients, useSandbox } from "./http";

const ACCOUNT = "/api/v1/accounts/1";
const PORTAL = `${ACCOUNT}/portals/help`;

type Step = [string, "GET" | "POST" | "PATCH" | "DELETE", (ids: { category: number; article: number }) => string, unknown];

const STEPS: Step[] = [
  ["update the portal", "PATCH", () => PORTAL, { name: "Help desk" }],
  ["delete the portal's logo", "DELETE", () => `${PORTAL}/logo`, undefined],
  ["create a category", "POST", () => `${PORTAL}/categories`, { name: "Setup", slug: "setup", locale: "en" }],
  ["show a category", "GET", ({ category }) => `${PORTAL}/categories/${category}`, undefined],
  ["update a category", "PATCH", ({ category }) => `${PORTAL}/categories/${category}`, { name: "Billing and invoices" }],
  ["create an article", "POST", () => `${PORTAL}/articles`, { title: "Start", content: "Text", author_id: 2 }],
  ["show an article", "GET", ({ article }) => `${PORTAL}/articles/${article}`, undefined],
  ["update an article", "PATCH", ({ article }) => `${PORTAL}/articles/${article}`, { title: "Refunds, again" }],
  ["delete an article", "DELETE", ({ article }) => `${PORTAL}/articles/${article}`, undefined],
  ["delete a category", "DELETE", ({ category }) => `${PORTAL}/categories/${category}`, undefined],
];

describe("knowledge-base managers", () => {
  const sandbox = useSandbox();
  const { admin1, agent1 } = seedClients(sandbox);
  /** The portal, a category and an article; the agent (Bob, user 2) gets a custom role with `permissions`. */
  const setUp = async (permissions: string[]) => {
    await admin1.post(`${ACCOUNT}/portals`, { name: "Help", slug: "help" });
    const category = ((await admin1.post(`${PORTAL}/categories`, { name: "Billing", slug: "billing", locale: "en" })).body as { payload: { id: number } }).payload.id;
    const article = ((await admin1.post(`${PORTAL}/articles`, { title: "Refunds", content: "Text", author_id: 1 })).body as { payload: { id: number } }).payload.id;
    const role = (await admin1.post(`${ACCOUNT}/custom_roles`, { name: "Writers", permissions })).body as { id: number };
    await admin1.patch(`${ACCOUNT}/agents/2`, { custom_role_id: role.id });
    return { category, article };
  };

  it.each(STEPS)("lets an agent with knowledge_base_manage %s", async (_what, method, path, body) => {
    const ids = await setUp(["knowledge_base_manage"]);
    const answer = await agent1.send(method, path(ids), body === undefined ? {} : { json: body });
    expect([answer.status, answer.text]).toEqual([200, expect.any(String)]);
  });

  it.each(STEPS)("refuses an agent without it to %s", async (_what, method, path, body) => {
    const ids = await setUp(["report_manage"]);
    expect(outcome(await agent1.send(method, path(ids), body === undefined ? {} : { json: body }))).toEqual([401, { error: "You are not authorized to do this action" }]);
  });

  it("refuses the same agent on a community server, which has no Enterprise policies", async () => {
    const ids = await setUp(["knowledge_base_manage"]);
    sandbox().control.setEdition("community");
    expect((await agent1.patch(`${PORTAL}/articles/${ids.article}`, { title: "Community" })).status).toBe(401);
  });

  it("keeps creating and deleting portals for administrators", async () => {
    await setUp(["knowledge_base_manage"]);
    expect((await agent1.post(`${ACCOUNT}/portals`, { name: "Docs", slug: "docs" })).status).toBe(401);
    expect((await agent1.delete(PORTAL)).status).toBe(401);
  });
});
