import { z } from "zod";
import { ChatwootApiError } from "../http/transport/errors";
import { defineCollectionResource } from "../lifecycle/collection";
import { call, unlessNotFound } from "../lifecycle/api";
import type { ParentAddress } from "../lifecycle/parent";
import { accountId, adopt, name, objectId, presentText } from "../validation/fields";
import { CaptainAssistantWire } from "../wire/captain-assistant";
import { CaptainScenarioWire } from "../wire/captain-scenario";
import { list, single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { captainFeature } from "./captain-assistant";

/** An instruction's length: a text column, bounded by the provider at what a prompt can use. */
const INSTRUCTION_MAX = 20_000;

/** The checks of `CaptainScenarioArgs` (sdk/captain-scenario.ts, where each argument is documented). */
export const CaptainScenarioInputs = z.strictObject({
  accountId,
  assistantId: objectId,
  title: name,
  description: presentText("when the scenario applies"),
  instruction: presentText("what the assistant does in the scenario", INSTRUCTION_MAX),
  enabled: z.boolean().optional(),
  adopt,
});
export type CaptainScenarioInputs = z.input<typeof CaptainScenarioInputs>;
type Inputs = z.output<typeof CaptainScenarioInputs>;

const assistants = (accountId: number) => accountPath(accountId, "captain", "assistants");

/**
 * An assistant as the parent of its scenarios (`/captain/assistants/{id}/scenarios`): addressed by
 * its id, which never changes; a miss is settled by reading the assistant (gone: its scenarios went with it).
 */
export const assistantParent: ParentAddress = {
  idKey: "assistantId",
  noun: "Captain assistant",
  segments: (id) => ["captain", "assistants", id],
  locate: async (accountId, assistantId) => {
    const found = await unlessNotFound(() => call(single(CaptainAssistantWire), { method: "GET", path: `${assistants(accountId)}/${assistantId}` }));
    return found && String(found.id);
  },
  all: async (accountId) => (await call(list(CaptainAssistantWire), { method: "GET", path: assistants(accountId) })).map((a) => ({ id: a.id, address: String(a.id) })),
  staleAnswers: [404],
};

/** A 422 naming tools the assistant lacks: which ones there are. */
function explain(err: unknown, inputs: Inputs): unknown {
  if (!ChatwootApiError.isInstance(err) || err.status !== 422 || !/invalid tools/i.test(err.serverMessage ?? "")) return err;
  return err.withHint(
    `the instruction of scenario "${inputs.title}" references a tool (\`[label](tool://id)\`) the account does not have: the built-in ones are ` +
      "add_contact_note, add_private_note, update_priority, add_label_to_conversation, faq_lookup, handoff and resolve; a custom tool goes by its slug",
  );
}

/**
 * A scenario of a Captain assistant (`/captain/assistants/{id}/scenarios`, Chatwoot Enterprise with
 * Captain on); id: the scenario id. Adoption key: the title, within the assistant. The server lists
 * only enabled scenarios, so a disabled one is read by id, and cannot be adopted by title.
 */
export const captainScenario = defineCollectionResource({
  inputs: CaptainScenarioInputs,
  wire: CaptainScenarioWire,
  noun: "Captain scenario",
  at: { path: "scenarios", show: "member", parent: assistantParent, feature: captainFeature },
  adoption: {
    key: {
      matches: (inputs, s) => s.title === inputs.title,
      describe: (inputs) => `title "${inputs.title}" in Captain assistant ${inputs.assistantId}`,
    },
  },
  content: { body: (inputs, keys) => ({ scenario: Object.fromEntries(keys.map((k) => [k, (inputs as Record<string, unknown>)[k]])) }) },
  hooks: { explain },
});
