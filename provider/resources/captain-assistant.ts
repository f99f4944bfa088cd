import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Feature } from "../lifecycle/feature-gate";
import type { Props } from "../lifecycle/json";
import { pick } from "../lifecycle/outputs";
import { camelKey, toWire } from "../mapping";
import { accountId, adopt, multiLine, name, presentText, text } from "../validation/fields";
import { ASSISTANT_CONFIG_KEYS, CaptainAssistantWire } from "../wire/captain-assistant";

/** Captain, a Chatwoot Enterprise feature an account has with `captain_integration` (or `captain_integration_v2`). */
export const captainFeature: Feature = { flag: "captain_integration", what: "Captain assistants, documents and scenarios" };

/** OpenAI's range of sampling temperatures, which the assistant's replies are generated with. */
const TEMPERATURE_MAX = 2;
const temperatureRule = `must be a number from 0 to ${TEMPERATURE_MAX}`;

/** One guideline or guardrail: a present line of text. */
const rule = z.string().refine((v) => v.trim() !== "", "must not be blank").superRefine(multiLine(1000));

/** The checks of `CaptainAssistantArgs` (sdk/captain-assistant.ts, where each argument is documented). */
export const CaptainAssistantInputs = z.strictObject({
  accountId,
  name,
  description: presentText("what the assistant does"),
  productName: text.optional(),
  featureFaq: z.boolean().optional(),
  featureMemory: z.boolean().optional(),
  featureCitation: z.boolean().optional(),
  featureContactAttributes: z.boolean().optional(),
  welcomeMessage: text.optional(),
  handoffMessage: text.optional(),
  resolutionMessage: text.optional(),
  instructions: z.string().superRefine(multiLine(20_000)).nullable().optional(),
  temperature: z.number({ error: temperatureRule }).min(0, temperatureRule).max(TEMPERATURE_MAX, temperatureRule).nullable().optional(),
  responseGuidelines: z.array(rule).optional(),
  guardrails: z.array(rule).optional(),
  adopt,
});
export type CaptainAssistantInputs = z.input<typeof CaptainAssistantInputs>;
type Inputs = z.output<typeof CaptainAssistantInputs>;

/** The inputs that are keys of the assistant's `config`. */
const CONFIG_INPUTS = ASSISTANT_CONFIG_KEYS.map(camelKey);

/**
 * `{"assistant": {...}}`. The server replaces `config` with what a write sends, so a write of any
 * config field sends every config field the inputs hold (on update, with the values of the ones the
 * program leaves out, see `api`).
 */
function body(inputs: Inputs, keys: readonly string[]): object {
  const own = keys.filter((k) => !CONFIG_INPUTS.includes(k));
  const assistant = toWire(pick(inputs, own)) as Props;
  if (keys.some((k) => CONFIG_INPUTS.includes(k))) {
    assistant.config = toWire(pick(inputs, CONFIG_INPUTS));
  }
  return { assistant };
}

/** The inputs with the config fields the program leaves out set to what the assistant holds: an update keeps them. */
function withHeldConfig(inputs: Inputs, current: Props): Inputs {
  const held = Object.fromEntries(CONFIG_INPUTS.flatMap((k) => ((inputs as Props)[k] === undefined && current[k] !== undefined && current[k] !== null ? [[k, current[k]]] : [])));
  return { ...held, ...inputs } as Inputs;
}

/**
 * A Captain assistant of an account (`/captain/assistants`, Chatwoot Enterprise with Captain on);
 * id: the assistant id. Adoption key: the name, which Chatwoot does not keep unique (adoption
 * refuses a name several assistants have). Reads are open to every member, writes need an administrator.
 */
export const captainAssistant = defineCollectionResource({
  inputs: CaptainAssistantInputs,
  wire: CaptainAssistantWire,
  noun: "Captain assistant",
  at: { path: "captain/assistants", show: "member", feature: captainFeature },
  adoption: {
    key: {
      matches: (inputs, a) => a.name === inputs.name,
      describe: (inputs) => `name "${inputs.name}"`,
    },
  },
  content: { body },
  hooks: {
    api: (rest) => ({ patch: (inputs, id, keys, current) => rest.patch(withHeldConfig(inputs, current), id, keys, current) }),
  },
});
