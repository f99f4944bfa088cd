import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/captain-custom-tool");
import { existingResource, isResourceOf, secretOutputsOf, type ResourceState } from "./resource-conventions";

/** One parameter the language model fills in when it calls the tool. */
export interface CaptainCustomToolParam {
  /** The parameter's name, as the templates use it (`{{ order_id }}`): letters, digits and `_`, at most 64 characters, each name once. */
  name: pulumi.Input<string>;
  /** Its JSON schema type: `string`, `number`, `integer`, `boolean`, `array` or `object`. */
  type: pulumi.Input<"string" | "number" | "integer" | "boolean" | "array" | "object">;
  /** What it means, for the language model (one line, required). */
  description: pulumi.Input<string>;
  /** Whether the model must give it (default false). */
  required?: pulumi.Input<boolean | undefined>;
}

/** A parameter as the outputs hold it. */
export interface CaptainCustomToolParamOutput {
  /** The parameter's name. */
  name: string;
  /** Its JSON schema type. */
  type: string;
  /** What it means, for the language model. */
  description: string;
  /** Whether the model must give it. */
  required: boolean;
}

/**
 * Arguments of {@link CaptainCustomTool}. An argument left out is not managed (the server keeps its
 * value). Every change is made in place, except of `accountId`.
 */
export interface CaptainCustomToolArgs extends AccountArgs {
  /** Name of the tool, shown to agents and made into its `slug` at creation: one line, at most 255 characters. Chatwoot does not keep titles unique. */
  title: pulumi.Input<string>;
  /** What the tool does, which the language model reads to decide when to call it (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /**
   * The https URL the tool calls; it may hold parameters as Liquid placeholders
   * (`https://api.acme.test/orders/{{ order_id }}`). Chatwoot's SSRF guard refuses http://, IP
   * addresses, `localhost` and `*.local` hosts, and non-ASCII host names: so does the provider,
   * before any request.
   */
  endpointUrl: pulumi.Input<string>;
  /** `GET` (Chatwoot's default) or `POST`. */
  httpMethod?: pulumi.Input<"GET" | "POST" | undefined>;
  /** The body of a POST, a Liquid template over the parameters (`{"order_id": "{{ order_id }}"}`); `null` clears it. */
  requestTemplate?: pulumi.Input<string | null | undefined>;
  /** How the answer is put to the language model, a Liquid template over `response` (`Status: {{ response.status }}`); `null` clears it (the raw answer is used). */
  responseTemplate?: pulumi.Input<string | null | undefined>;
  /**
   * How the tool authenticates: `none` (Chatwoot's default), `bearer`, `basic` or `api_key`;
   * `authConfig` gives what the type needs.
   */
  authType?: pulumi.Input<"none" | "bearer" | "basic" | "api_key" | undefined>;
  /**
   * The credentials of `authType`, a secret input whatever the program passes (stored encrypted;
   * outputs hold digests only): `bearer` takes `token`; `basic` `username` and `password`;
   * `api_key` `name` (the header or query parameter), `key` and `location` (`header` or `query`);
   * `none` takes none. Exactly the type's fields, each required; sent whole when one changes.
   * Left out, the credentials are not managed (the tool keeps its own, as after an import), but a
   * create or a change of `authType` other than `none` needs them.
   */
  authConfig?: pulumi.Input<Record<string, pulumi.Input<string>> | undefined>;
  /**
   * Extra headers sent with every call, by name; a secret input whatever the program passes (a
   * header may carry a key). Sent whole when one changes: a header left out is removed.
   */
  headers?: pulumi.Input<Record<string, pulumi.Input<string>> | undefined>;
  /** The parameters the language model fills in; sent whole when they change. */
  paramSchema?: pulumi.Input<pulumi.Input<CaptainCustomToolParam>[] | undefined>;
  /** Whether Captain's assistants may use the tool (Chatwoot's default: true). */
  enabled?: pulumi.Input<boolean | undefined>;
  /** Id of an existing tool of the account to take over instead of creating one (see Adoption). */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link CaptainCustomTool.get} may be given: the outputs of {@link CaptainCustomTool}, each
 * optional (as Pulumi's generated `CaptainCustomToolState`). Only `accountId` is used, to find an
 * object outside the configured account.
 */
export type CaptainCustomToolState = ResourceState<CaptainCustomTool>;

/**
 * A Captain custom tool of a Chatwoot account: an HTTP endpoint that Captain, Chatwoot's AI
 * assistant, may call while it answers a conversation (look up an order, say), with the
 * parameters the language model fills in and the credentials the endpoint needs. Custom tools
 * are a Chatwoot Enterprise feature: the account's `captain_integration` and `custom_tools`
 * features must be on (Chatwoot answers 403 "... not enabled for this account" otherwise, and the
 * error says what to turn on); an account holds at most 15. Managing tools needs an
 * administrator's access token.
 *
 * The credentials (`authConfig`, `headers`) are secret inputs: the state and outputs hold salted
 * digests of them, never the values. Chatwoot shows them to administrators only: a refresh with an
 * administrator's token finds a value changed by hand (and sends the declared one again on the next
 * `up`); with an agent's token it keeps what was last sent.
 *
 * ## Example Usage
 * ```ts
 * const config = new pulumi.Config();
 * const orderStatus = new chatwoot.CaptainCustomTool("order-status", {
 *   title: "Order status",
 *   description: "Looks up the status of an order by its number",
 *   endpointUrl: "https://api.acme.test/orders/{{ order_id }}",
 *   httpMethod: "GET",
 *   responseTemplate: "Order {{ response.id }} is {{ response.status }}",
 *   authType: "bearer",
 *   authConfig: { token: config.requireSecret("ordersApiToken") },
 *   paramSchema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
 * });
 * export const orderStatusSlug = orderStatus.slug;
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing tool of the account (on the plugin, `pulumi import` takes it
 * instead: see Import); the first `up` then brings it to the declared state, sending the
 * credentials given. There is no adoption by title or slug: titles need not be unique, and the slug
 * is the server's, made from the title at creation (`custom_<title>`, with a random suffix when
 * taken) and kept when the title changes, so no input names it.
 *
 * ## Export
 * `pulumi-chatwoot export` writes each tool with its settings, and each credential as a secret of
 * the exported stack to set (`pulumi config set --secret toolOrderStatusToken ...`): an export
 * never writes a credential, though the API shows them to administrators.
 */
export class CaptainCustomTool extends ChatwootResource {
  /** The account the tool belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the tool. */
  declare readonly title: pulumi.Output<string>;
  /** What the tool does; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** The URL the tool calls. */
  declare readonly endpointUrl: pulumi.Output<string>;
  /** `GET` or `POST`. */
  declare readonly httpMethod: pulumi.Output<string>;
  /** The body template of a POST; null when none. */
  declare readonly requestTemplate: pulumi.Output<string | null>;
  /** The template of what the language model is told; null when none. */
  declare readonly responseTemplate: pulumi.Output<string | null>;
  /** How the tool authenticates. */
  declare readonly authType: pulumi.Output<string>;
  /** A salted digest of each field of `authConfig` last sent (or changed by hand), never the value (a secret). */
  declare readonly authConfig: pulumi.Output<Record<string, string> | null>;
  /** A salted digest of each header's value last sent (or changed by hand), never the value (a secret). */
  declare readonly headers: pulumi.Output<Record<string, string> | null>;
  /** The parameters the language model fills in. */
  declare readonly paramSchema: pulumi.Output<CaptainCustomToolParamOutput[]>;
  /** Whether assistants may use the tool. */
  declare readonly enabled: pulumi.Output<boolean>;
  /** Output only: the tool's name for the language model (`custom_order_status`), made by the server from the title at creation; unique in the account. */
  declare readonly /*out*/ slug: pulumi.Output<string>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CaptainCustomToolState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CaptainCustomToolState, opts?: pulumi.CustomResourceOptions): CaptainCustomTool {
    return existingResource(CaptainCustomTool, "CaptainCustomTool", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CaptainCustomTool}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CaptainCustomTool {
    return isResourceOf(obj, "CaptainCustomTool");
  }

  constructor(name: string, args: CaptainCustomToolArgs, opts?: pulumi.CustomResourceOptions) {
    // The credential maps are secret inputs whatever the program passes, so the engine stores them encrypted.
    const secret = (value: CaptainCustomToolArgs["headers"]) => (value === undefined ? undefined : pulumi.secret(value));
    const outputs = { description: undefined, httpMethod: undefined, requestTemplate: undefined, responseTemplate: undefined, authType: undefined, paramSchema: undefined, enabled: undefined, slug: undefined };
    super(
      "CaptainCustomTool",
      provider,
      name,
      { ...outputs, ...args, authConfig: secret(args.authConfig), headers: secret(args.headers) },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputsOf("CaptainCustomTool") }),
    );
  }
}
