import { z } from "zod";
import { listUnder, singleUnder } from "../../../provider/wire/envelope";

const Item = z.object({ id: z.number(), url: z.string() });
const item = { id: 3, url: "https://h.example.test" };

describe("singleUnder", () => {
  const one = singleUnder(Item, "webhook");

  test.each<[string, unknown]>([
    ["under the model's name in the payload", { payload: { webhook: item } }],
    ["under the model's name", { webhook: item }],
    ["in the payload", { payload: item }],
    ["as a one-element payload list", { payload: [item] }],
    ["bare", item],
  ])("reads one object %s", (_shape, body) => {
    expect(one.parse(body)).toEqual(item);
  });

  test.each<[string, unknown]>([
    ["under another name", { payload: { label: item } }],
    ["with the object incomplete", { payload: { webhook: { id: 3 } } }],
    ["empty", {}],
  ])("refuses a body %s", (_shape, body) => {
    expect(one.safeParse(body).success).toBe(false);
  });
});

describe("listUnder", () => {
  const many = listUnder(Item, "webhooks");

  test.each<[string, unknown]>([
    ["under the plural in the payload", { payload: { webhooks: [item] } }],
    ["under the plural", { webhooks: [item] }],
    ["in the payload", { payload: [item] }],
    ["bare", [item]],
  ])("reads a list %s", (_shape, body) => {
    expect(many.parse(body)).toEqual([item]);
  });

  test("refuses a list under another name", () => {
    expect(many.safeParse({ payload: { labels: [item] } }).success).toBe(false);
  });
});
