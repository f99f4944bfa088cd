/**
 * A collection whose area follows its inputs (`area: (props) => ...`): each object's requests go to
 * the paths of its own area, and a change of account replaces only an account's object.
 */
import { z } from "zod";
import { defineCollectionResource, type CollectionPaths } from "../../../provider/lifecycle/collection";

const inputs = z.strictObject({ accountId: z.number().nullable().optional(), name: z.string(), where: z.enum(["platform", "account"]).optional() });
const seen: { at?: CollectionPaths } = {};

const widget = defineCollectionResource({
  inputs,
  wire: z.object({ id: z.number() }),
  at: { path: "widgets", show: "member", area: (props) => (props.where === "account" ? "account" : "platform"), account: "optional" },
  adoption: { sameContent: () => true },
  hooks: {
    api: (_rest, at) => {
      seen.at = at;
      return {};
    },
  },
});

describe("a collection whose area follows its inputs", () => {
  it("builds each object's paths in its own area", () => {
    const at = seen.at as CollectionPaths;
    expect(at.collection({ accountId: 3, where: "account" })).toBe("/api/v1/accounts/3/widgets");
    expect(at.member({ accountId: 3, where: "account" }, 7)).toBe("/api/v1/accounts/3/widgets/7");
    expect(at.collection({ accountId: 3 })).toBe("/platform/api/v1/widgets");
    expect(at.member({ accountId: 3, where: "platform" }, 7)).toBe("/platform/api/v1/widgets/7");
  });

  it("replaces an account's object when its account changes, and moves a platform object in place", async () => {
    const olds = { accountId: 1, name: "w" };
    const account = await widget.diff!("7", { ...olds, where: "account" }, { ...olds, where: "account", accountId: 2 });
    expect(account).toMatchObject({ changes: true, replaces: ["accountId"] });
    const platform = await widget.diff!("7", olds, { ...olds, accountId: 2 });
    expect(platform).toMatchObject({ changes: true, replaces: [] });
  });
});
