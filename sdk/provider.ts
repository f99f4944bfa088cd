import * as pulumi from "@pulumi/pulumi";
import type { ConnectionSettings, SettingName } from "../provider/config";
import { isPluginProvider, PLUGIN_PACKAGE } from "./front-door";
import { noticeOutsideEngine } from "./outside-engine";

/**
 * The settings of a {@link Provider}: those of the stack's `chatwoot:*` config, each optional and a
 * Pulumi input. A setting left out falls back to its `CHATWOOT_*` environment variable (the URL to
 * `CHATWOOT_URL`, say); one given wins over the environment, the tokens too.
 */
export type ProviderArgs = { [K in keyof Pick<ConnectionSettings, SettingName>]?: pulumi.Input<NonNullable<ConnectionSettings[K]>> };

/** The settings that are secrets whatever the program passes (the plugin's SECRET_CONFIG_KEYS). */
const SECRET_SETTINGS: readonly (keyof ProviderArgs)[] = ["apiAccessToken", "platformAccessToken"];

/**
 * A connection to one Chatwoot installation and account, served by the native plugin
 * `pulumi-resource-chatwoot`: the resources and data sources given it (`{ provider }`, or a parent's
 * `providers`) run on the plugin, against its installation, whatever the stack's `chatwoot:*`
 * config says. Several providers put several installations (staging and production, a clone's
 * source and destination) or accounts with their own tokens in one program. The project needs the
 * plugin in place: the package carries it, and the project's `Pulumi.yaml` names it (see the guide
 * "TypeScript or the plugin").
 *
 * The tokens are secrets (encrypted in the state) even where the program passes them in plain text.
 * Messages about its connection name its settings as the provider's (`apiAccessToken of provider
 * "staging"`). A changed setting (a rotated token, a new URL of the same installation) applies in
 * place and replaces nothing.
 *
 * ## Example Usage
 * ```ts
 * const config = new pulumi.Config();
 * const staging = new chatwoot.Provider("staging", {
 *   url: "https://chat.staging.example.com",
 *   accountId: 1,
 *   apiAccessToken: config.requireSecret("stagingToken"),
 * });
 * new chatwoot.Label("staging-vip", { title: "vip", color: "#7c3aed" }, { provider: staging });
 * ```
 */
export class Provider extends pulumi.ProviderResource {
  /** Whether `obj` is a {@link Provider} of the plugin, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Provider {
    return isPluginProvider(obj);
  }

  /**
   * @param name the provider's name in the stack, which messages about its connection name.
   * @param args its settings (see {@link ProviderArgs}).
   * @param opts options of the provider resource.
   */
  constructor(name: string, args: ProviderArgs = {}, opts?: pulumi.ResourceOptions) {
    // Outside an engine a provider does nothing either; on the plugin it checks its own connection.
    noticeOutsideEngine(false);
    const inputs: pulumi.Inputs = { ...args };
    for (const key of SECRET_SETTINGS) if (args[key] !== undefined) inputs[key] = pulumi.secret(args[key]);
    super(PLUGIN_PACKAGE, name, inputs, pulumi.mergeOptions(opts, { additionalSecretOutputs: [...SECRET_SETTINGS] }));
  }
}
