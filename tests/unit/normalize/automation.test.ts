import {
  NormalizedAction, NormalizedCondition, normalizeActions, normalizeConditions,
} from "../../../provider/diff/normalize/automation";
import { sameValue } from "../../../provider/diff/normalize/canonical";

describe("normalizeConditions", () => {
  const equal: [string, unknown, unknown][] = [
    ["query operator case (the server echoes what was sent)",
      [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: "and" }, { attributeKey: "content", filterOperator: "contains", values: ["refund"] }],
      [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: "AND" }, { attributeKey: "content", filterOperator: "contains", values: ["refund"], queryOperator: null }]],
    ["a missing vs a null query operator", [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"] }],
      [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: null }]],
    ["numeric values vs strings", [{ attributeKey: "inbox_id", filterOperator: "equal_to", values: [3, 4] }],
      [{ attributeKey: "inbox_id", filterOperator: "equal_to", values: ["3", "4"] }]],
    ["a lone value vs a one-element list", [{ attributeKey: "status", filterOperator: "equal_to", values: "open" }],
      [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"] }]],
    ["missing values vs []", [{ attributeKey: "email", filterOperator: "is_present" }],
      [{ attributeKey: "email", filterOperator: "is_present", values: [] }]],
    ["extra keys in any order", [{ customAttributeType: "conversation_attribute", attributeKey: "tier", values: ["gold"], filterOperator: "equal_to", note: { b: 1, a: 2 } }],
      [{ attributeKey: "tier", filterOperator: "equal_to", values: ["gold"], note: { a: 2, b: 1 }, customAttributeType: "conversation_attribute" }]],
    ["undefined extra keys vs none", [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"], extra: undefined }],
      [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"] }]],
    ["nothing vs an empty list", undefined, []],
  ];
  test.each(equal)("equal: %s", (_name, a, b) => {
    expect(normalizeConditions(a)).toStrictEqual(normalizeConditions(b));
    expect(sameValue(normalizeConditions(a), normalizeConditions(b))).toBe(true);
  });

  const base = { attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: "AND" };
  const other = { attributeKey: "priority", filterOperator: "equal_to", values: ["high"], queryOperator: null };
  const different: [string, unknown, unknown][] = [
    ["query operator AND → OR", [base, other], [{ ...base, queryOperator: "or" }, other]],
    ["a blank vs a null query operator (the server tells them apart)", [{ ...base, queryOperator: "" }], [{ ...base, queryOperator: null }]],
    ["reordered conditions", [base, other], [other, base]],
    ["a changed value", [base], [{ ...base, values: ["resolved"] }]],
    ["reordered values", [{ ...base, values: ["a", "b"] }], [{ ...base, values: ["b", "a"] }]],
    ["a changed filter operator", [base], [{ ...base, filterOperator: "not_equal_to" }]],
    ["a changed attribute", [base], [{ ...base, attributeKey: "Status" }]],
    ["an extra key added", [base], [{ ...base, customAttributeType: "" }]],
    ["a removed condition", [base, other], [base]],
  ];
  test.each(different)("different: %s", (_name, a, b) => {
    expect(sameValue(normalizeConditions(a), normalizeConditions(b))).toBe(false);
  });

  test("puts the named keys first, then the extra keys sorted", () => {
    const [condition] = normalizeConditions([{ zeta: 1, values: [], alpha: 2, queryOperator: "or", attributeKey: "a", filterOperator: "b" }]);
    expect(Object.keys(condition)).toEqual(["attributeKey", "filterOperator", "values", "queryOperator", "alpha", "zeta"]);
    expect(() => NormalizedCondition.parse(condition)).not.toThrow();
  });

  test.each<[string, unknown, NormalizedCondition[]]>([
    ["null", null, []],
    ["a string", "status = open", []],
    ["junk entries are dropped, the order of the rest is kept", [null, 3, { attributeKey: "b" }, "x", { attributeKey: "a" }], [
      { attributeKey: "b", filterOperator: null, values: [], queryOperator: null },
      { attributeKey: "a", filterOperator: null, values: [], queryOperator: null },
    ]],
    ["scalars of other types and nulls inside values", [{ attributeKey: 7, filterOperator: true, values: [true, null, 1.5, { id: 1, name: "x" }, [2]], queryOperator: 1 }], [
      { attributeKey: "7", filterOperator: "true", values: ["true", null, "1.5", { id: 1, name: "x" }, [2]], queryOperator: "1" },
    ]],
    ["a non-scalar query operator", [{ attributeKey: "a", queryOperator: { op: "and" } }], [
      { attributeKey: "a", filterOperator: null, values: [], queryOperator: null },
    ]],
  ])("tolerates odd data: %s", (_name, input, expected) => {
    expect(normalizeConditions(input)).toStrictEqual(expected);
  });
});

describe("normalizeActions", () => {
  const equal: [string, unknown, unknown][] = [
    ["the same action", [{ actionName: "add_label", actionParams: ["vip"] }], [{ actionName: "add_label", actionParams: ["vip"] }]],
    ["missing params vs []", [{ actionName: "resolve_conversation" }], [{ actionName: "resolve_conversation", actionParams: [] }]],
    ["null params vs []", [{ actionName: "mute_conversation", actionParams: null }], [{ actionName: "mute_conversation", actionParams: [] }]],
    ["numeric params vs strings", [{ actionName: "assign_team", actionParams: [2] }], [{ actionName: "assign_team", actionParams: ["2"] }]],
    ["a lone param vs a one-element list", [{ actionName: "send_message", actionParams: "Hello" }], [{ actionName: "send_message", actionParams: ["Hello"] }]],
    ["object params in any key order", [{ actionName: "send_email_to_team", actionParams: [{ teamIds: [1], message: "Hi" }] }],
      [{ actionName: "send_email_to_team", actionParams: [{ message: "Hi", teamIds: [1] }] }]],
    ["ids inside an object param as numbers vs strings (Pulumi YAML's ids)", [{ actionName: "send_email_to_team", actionParams: [{ teamIds: [1], message: "Hi" }] }],
      [{ actionName: "send_email_to_team", actionParams: [{ teamIds: ["1"], message: "Hi" }] }]],
    ["extra keys kept and sorted", [{ b: 1, actionName: "add_label", a: 2, actionParams: ["x"] }], [{ actionName: "add_label", actionParams: ["x"], a: 2, b: 1 }]],
  ];
  test.each(equal)("equal: %s", (_name, a, b) => {
    expect(normalizeActions(a)).toStrictEqual(normalizeActions(b));
    expect(sameValue(normalizeActions(a), normalizeActions(b))).toBe(true);
  });

  const label = { actionName: "add_label", actionParams: ["vip"] };
  const team = { actionName: "assign_team", actionParams: [2] };
  const different: [string, unknown, unknown][] = [
    ["reordered actions", [label, team], [team, label]],
    ["a changed param", [label], [{ ...label, actionParams: ["gold"] }]],
    ["an added param", [label], [{ ...label, actionParams: ["vip", "gold"] }]],
    ["a changed action name", [label], [{ ...label, actionName: "remove_label" }]],
    ["a changed object param", [{ actionName: "send_email_to_team", actionParams: [{ teamIds: [1], message: "Hi" }] }],
      [{ actionName: "send_email_to_team", actionParams: [{ teamIds: [1, 2], message: "Hi" }] }]],
    ["another id inside an object param", [{ actionName: "send_email_to_team", actionParams: [{ teamIds: [1], message: "Hi" }] }],
      [{ actionName: "send_email_to_team", actionParams: [{ teamIds: ["2"], message: "Hi" }] }]],
    ["a removed action", [label, team], [label]],
  ];
  test.each(different)("different: %s", (_name, a, b) => {
    expect(sameValue(normalizeActions(a), normalizeActions(b))).toBe(false);
  });

  test("puts the named keys first, then the extra keys sorted", () => {
    const [action] = normalizeActions([{ z: 1, actionParams: [], y: null, actionName: "x" }]);
    expect(Object.keys(action)).toEqual(["actionName", "actionParams", "y", "z"]);
    expect(() => NormalizedAction.parse(action)).not.toThrow();
  });

  test.each<[string, unknown, NormalizedAction[]]>([
    ["null", null, []],
    ["an object instead of a list", { actionName: "add_label", actionParams: ["x"] }, [{ actionName: "add_label", actionParams: ["x"] }]],
    ["junk entries and params", [null, { actionParams: [undefined, NaN, { a: undefined }] }], [{ actionName: null, actionParams: [null, null, {}] }]],
  ])("tolerates odd data: %s", (_name, input, expected) => {
    expect(normalizeActions(input)).toStrictEqual(expected);
  });
});
