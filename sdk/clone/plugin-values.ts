/**
 * The model's open values as a program on the provider plugin writes them, in whichever language:
 * a reference to another object, a user found by e-mail address, a value that could not be mapped
 * (kept, with a comment saying why), and a value that follows from the program's config (the YAML
 * program's settings, ./yaml-settings.ts). What is the same in every language is decided here (what
 * is left to `pulumi import`, what is a comment); each language says only how it spells a reference
 * and a setting ({@link PluginValueWriter}).
 */
import { Commented } from "./code";
import { Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";
import { AgentRef, Ref, Unmapped } from "./references";
import { secretSetting } from "./program-settings";
import { domainSetting, SLUG_SUFFIX } from "./yaml-settings";

/** How a language spells what the model leaves open. */
export interface PluginValueWriter {
  /** `field` (`id`, or the property holding the natural key) of the resource declaring `target`. */
  ref(target: ModelObject, field: string): unknown;
  /** The id of the user the program looks up by e-mail address. */
  agent(agent: AccountModel["agents"][number]): unknown;
  /** The integer setting `key` (the id of an inbox to adopt). */
  intSetting(key: string): unknown;
  /** The text setting `key` (a portal's custom domain). */
  textSetting(key: string): unknown;
  /** The secret setting `key` (a credential the user sets). */
  secretSetting(key: string): unknown;
  /** `text` followed by the text setting `key` (a slug and its suffix). */
  suffixed(text: string, key: string): unknown;
  /**
   * The text setting `key` where it is not blank, and the property not declared otherwise (a
   * template's account name); absent where the language cannot leave a property out by config.
   */
  blankSetting?(key: string): unknown;
}

/** A function that gives an object's inputs with every open value spelled by `writer`. */
export function pluginValues(model: AccountModel, writer: PluginValueWriter): (value: unknown, object: ModelObject) => unknown {
  const byRef = new Map(model.objects.map((o) => [`${o.type}\u0000${o.key}`, o]));
  const agents = new Map(model.agents.map((a) => [a.email, a]));

  const configured = (v: Configured, object: ModelObject): unknown => {
    switch (v.rule.kind) {
      // Adoption by the exported id is `pulumi import`'s job in a program on the plugin (see ./yaml-settings.ts).
      case "adopt":
      case "adopt-id":
        return undefined;
      case "adopt-id-or-setting":
      case "id-setting":
        return writer.intSetting(v.rule.setting);
      case "blank-setting":
        if (writer.blankSetting) return writer.blankSetting(v.rule.setting);
        return new Commented(
          undefined,
          "each account has its own, which this template leaves as it is (Pulumi YAML cannot leave a property out by config): " +
            "declare it, with a setting of its own, to manage it",
        );
      case "optional-setting":
        return new Commented(
          undefined,
          `managed only where declared, so that a copy keeps its own (the exported account's is ${JSON.stringify(v.value)}): ` +
            "declare it to manage it",
        );
      case "suffixed-slug":
        return writer.suffixed(String(v.value), SLUG_SUFFIX);
      case "unsuffixed-domain":
        return writer.textSetting(domainSetting(object));
      case "secret-setting":
        return writer.secretSetting(secretSetting(object, v.rule.key));
    }
  };

  const printable = (value: unknown, object: ModelObject): unknown =>
    mapLeaves(value, (v) => {
      if (v instanceof Ref) {
        const target = byRef.get(`${v.type}\u0000${v.key}`);
        if (!target) throw new Error(`internal: ${v.type} "${v.key}" is referred to but not exported`);
        return { value: writer.ref(target, v.field) };
      }
      if (v instanceof AgentRef) return { value: writer.agent(agents.get(v.email) as AccountModel["agents"][number]) };
      if (v instanceof Unmapped) return { value: new Commented(printable(v.value, object), v.reason) };
      if (v instanceof Configured) return { value: configured(v, object) };
      return undefined;
    });
  return printable;
}
