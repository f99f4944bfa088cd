/**
 * Custom roles (Enterprise), each case written from upstream at fd5ac2a8a: spec/enterprise/controllers/api/v1/accounts/custom_roles_controller_spec.rb,
 * enterprise/app/models/custom_role.rb, enterprise/app/policies/custom_role_policy.rb; the answers as
 * enterprise/app/views/api/v1/models/_custom_role.json.jbuilder renders them. The feature guard is a later build's
 * (see sdk/sandbox/models/custom-roles.ts).
 */
import { outcome, seedClients, useSandbox } from "./http";

const ROLES = "/api/v1/accounts/1/custom_roles";
const ROLES_2 = "/api/v1/accounts/2/custom_roles";
type Role = { id: number; name: string; permissions: string[] } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const INTERNAL = { status: 500, error: "Internal Server Error" };
const stamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe("custom roles (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => (await admin1.post(ROLES, body)).body as Role;

  it("creates from flat or nested parameters and answers the bare role, permissions as sent", async () => {
    const answer = await admin1.post(ROLES, { name: "Billing desk", description: "Refunds", permissions: ["report_manage", "contact_manage"] });
    expect(outcome(answer)).toEqual([
      200,
      { id: 1, name: "Billing desk", description: "Refunds", permissions: ["report_manage", "contact_manage"], created_at: stamp, updated_at: stamp },
    ]);
    expect(await create({ custom_role: { name: "Readers" } })).toMatchObject({ id: 2, name: "Readers", description: null, permissions: [] });
  });

  it("refuses a blank name and any permission not in CustomRole::PERMISSIONS", async () => {
    expect(outcome(await admin1.post(ROLES, { name: "", permissions: [] }))).toEqual([422, { message: "Name can't be blank", attributes: ["name"] }]);
    expect(outcome(await admin1.post(ROLES, { name: "x", permissions: ["contact_manage", "inbox_manage"] }))).toEqual([
      422,
      { message: "Permissions is not included in the list", attributes: ["permissions"] },
    ]);
    // Repeats are no error: the column stores the list as sent.
    expect((await create({ name: "Twice", permissions: ["report_manage", "report_manage"] })).permissions).toEqual(["report_manage", "report_manage"]);
  });

  it("is administrator-only, for every action", async () => {
    const role = await create({ name: "Support" });
    for (const reply of [
      await agent1.get(ROLES),
      await agent1.get(`${ROLES}/${role.id}`),
      await agent1.post(ROLES, { name: "x" }),
      await agent1.patch(`${ROLES}/${role.id}`, { name: "x" }),
      await agent1.delete(`${ROLES}/${role.id}`),
    ]) {
      expect(outcome(reply)).toEqual([401, NOT_AUTHORIZED]);
    }
  });

  it("lists the account's roles as a bare array, shows and updates one", async () => {
    const role = await create({ name: "Support", permissions: ["conversation_manage"] });
    await admin2.post(ROLES_2, { name: "Other account" });
    expect(outcome(await admin1.get(ROLES))).toEqual([200, [role]]);
    expect(outcome(await admin1.get(`${ROLES}/${role.id}`))).toEqual([200, role]);
    const updated = (await admin1.patch(`${ROLES}/${role.id}`, { permissions: ["knowledge_base_manage"] })).body as Role;
    expect(updated).toMatchObject({ id: role.id, name: "Support", permissions: ["knowledge_base_manage"] });
  });

  it("answers 500 for a missing or foreign id on show, update and destroy (find_by, then nil)", async () => {
    const foreign = (await admin2.post(ROLES_2, { name: "Foreign" })).body as Role;
    for (const id of [99, foreign.id]) {
      expect(outcome(await admin1.get(`${ROLES}/${id}`))).toEqual([500, INTERNAL]);
      expect(outcome(await admin1.patch(`${ROLES}/${id}`, { name: "x" }))).toEqual([500, INTERNAL]);
      expect(outcome(await admin1.delete(`${ROLES}/${id}`))).toEqual([500, INTERNAL]);
    }
  });

  it("deletes with an empty 200", async () => {
    const role = await create({ name: "Support" });
    const deleted = await admin1.delete(`${ROLES}/${role.id}`);
    expect([deleted.status, deleted.text]).toEqual([200, ""]);
    expect(sandbox().control.snapshot().custom_roles).toEqual([]);
  });

  it("answers 401 to every action in an account without the custom_roles feature; 404 on a community server", async () => {
    const role = await create({ name: "Support" });
    sandbox().control.setFeatures(1, { custom_roles: false });
    for (const reply of [await admin1.get(ROLES), await admin1.post(ROLES, { name: "x" }), await admin1.delete(`${ROLES}/${role.id}`)]) {
      expect(outcome(reply)).toEqual([401, NOT_AUTHORIZED]);
    }
    sandbox().control.setEdition("community");
    expect(outcome(await admin2.get(ROLES_2))).toEqual([404, { status: 404, error: "Not Found" }]);
  });
});
