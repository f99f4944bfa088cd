/**
 * What deleting a resource does to the object it adopted, the same for every type: nothing but
 * forgetting it, said to the user (the dynamic shims write the line to the host's stdout, the
 * plugin logs it through the engine on the resource's URN); an object the resource created is
 * deleted without a word; `deleteOnDestroy: true`, where a type has it (an inbox), deletes the
 * adopted object, and says so.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type * as grpcJs from "@grpc/grpc-js";
import { resources, type ResourceKind } from "../../provider";
import { showingNotices } from "../../provider/lifecycle/notices";
import { providerService, struct } from "../../provider/plugin/server";
import { create, destroy, type Props, type State } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const ctx = useSandbox();
const rules = () => ctx.sb.control.snapshot().automation_rules;

interface Case {
  kind: ResourceKind;
  /** Makes the object by hand; resolves to the inputs adopting it. */
  adopting(): Promise<Props>;
  /** Inputs of an object the resource creates. */
  creating: Props;
  /** The object's id on the server, if it is there. */
  present(id: string): boolean;
  /** What the notice calls it. */
  noun: string;
}

const CASES: Case[] = [
  {
    kind: "Label",
    adopting: async () => {
      expect((await ctx.admin("POST", "/api/v1/accounts/1/labels", { title: "escalated" })).status).toBe(200);
      return { title: "escalated", adopt: true };
    },
    creating: { title: "fresh" },
    present: (id) => ctx.sb.control.snapshot().labels.some((l) => String(l.id) === id),
    noun: "label",
  },
  {
    kind: "AutomationRule",
    adopting: async () => {
      const made = await ctx.admin("POST", "/api/v1/accounts/1/automation_rules", {
        name: "By hand",
        event_name: "conversation_created",
        conditions: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"] }],
        actions: [{ action_name: "change_priority", action_params: ["high"] }],
      });
      expect(made.status).toBe(200);
      return { adoptId: (made.body as { id: number }).id, name: "By hand", eventName: "conversation_created" };
    },
    creating: { name: "Made", eventName: "conversation_created", actions: [{ actionName: "resolve_conversation" }] },
    present: (id) => rules().some((r) => String(r.id) === id),
    noun: "automation rule",
  },
];

/** Deletes through the dynamic door, collecting what it tells the user. */
async function deleteShowing(kind: ResourceKind, state: State): Promise<string[]> {
  const lines: string[] = [];
  await showingNotices((line) => void lines.push(line), () => destroy(resources[kind], state));
  return lines;
}

describe.each(CASES)("$kind", (c) => {
  it("deleting the resource leaves an adopted object in place and says so; a created one is deleted silently", async () => {
    const adopted = await create(resources[c.kind], await c.adopting());
    expect(adopted.outs.adopted).toBe(true);
    ctx.sb.control.clearLog();
    expect(await deleteShowing(c.kind, adopted)).toEqual([
      `${c.noun} ${adopted.id} left in place: it was adopted (it existed before this stack), and deleting the resource only forgets what it adopted; delete it in Chatwoot if it should go`,
    ]);
    expect(ctx.writes()).toEqual([]);
    expect(c.present(adopted.id)).toBe(true);

    const created = await create(resources[c.kind], c.creating);
    expect(await deleteShowing(c.kind, created)).toEqual([]);
    expect(c.present(created.id)).toBe(false);
  });

  it("through the plugin, the line is logged on the resource's URN", async () => {
    const logged: [string, string][] = [];
    const service = providerService({ log: async (urn, line) => void logged.push([urn, line]) });
    const adopted = await create(resources[c.kind], await c.adopting());
    const urn = `urn:pulumi:dev::project::chatwoot:index:${c.kind}::adopted`;
    const request = new provproto.DeleteRequest().setId(adopted.id).setUrn(urn).setType(`chatwoot:index:${c.kind}`).setProperties(struct(adopted.outs)).setOldInputs(struct(adopted.inputs));
    const remove = service.delete as (call: { request: unknown }, callback: grpcJs.sendUnaryData<unknown>) => void;
    await new Promise((resolve, reject) => remove({ request }, (err, res) => (err ? reject(new Error(err.details)) : resolve(res))));
    expect(logged).toEqual([[urn, expect.stringMatching(new RegExp(`^${c.noun} ${adopted.id} left in place: it was adopted`))]]);
    expect(c.present(adopted.id)).toBe(true);
  });
});

it("an adopted inbox with deleteOnDestroy: true is deleted, and the line says why; without it, the line names the switch", async () => {
  const inbox = resources.Inbox;
  const kept = await create(inbox, { adoptId: 2 });
  expect(await deleteShowing("Inbox", kept)).toEqual([
    "inbox 2 left in place: it was adopted (it existed before this stack), and deleting the resource only forgets what it adopted; set deleteOnDestroy: true (and run pulumi up) to have it deleted",
  ]);
  const doomed = await create(inbox, { adoptId: 2, deleteOnDestroy: true });
  expect(await deleteShowing("Inbox", doomed)).toEqual(["inbox 2 deleted: adopted, and deleteOnDestroy is true"]);
  expect(ctx.sb.control.snapshot().inboxes.some((i) => i.id === 2)).toBe(false);
});
