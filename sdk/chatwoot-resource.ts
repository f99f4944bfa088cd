import * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../provider/registry";
import { dynamicToken, onPlugin, pluginToken } from "./front-door";
import { noticeOutsideEngine } from "./outside-engine";

/**
 * The base of every resource class: it picks the resource's front door (./front-door.ts) when the
 * resource is made, and registers it there.
 *
 * On the dynamic door it does what `pulumi.dynamic.Resource` does, to the byte (a stack made before
 * the plugin door existed sees no change): the type token `pulumi-nodejs:dynamic/chatwoot:<Type>`,
 * and the shim serialized into `__provider` by the same call, once per shim. On the plugin door
 * the resource is the plugin's `chatwoot:index:<Type>`, served by the provider Pulumi picks for it.
 *
 * Either way the resource names the other door's type as an alias, so that a stack moves between
 * the doors with its objects: the engine finds the resource under its old type and diffs it against
 * the new door (see provider/lifecycle/door-switch.ts). Never beside an `import` id: the engine
 * would import the object as a new resource and then delete the old one, and with it the object.
 */
export abstract class ChatwootResource extends pulumi.CustomResource {
  /**
   * @param kind the resource's type.
   * @param shim the type's serialized provider (./shims), for the dynamic door.
   * @param name the resource's name in the stack.
   * @param props its inputs, with every output key seeded.
   * @param opts its options, which pick the door.
   */
  protected constructor(kind: ResourceKind, shim: pulumi.dynamic.ResourceProvider, name: string, props: pulumi.Inputs, opts: pulumi.CustomResourceOptions | undefined) {
    const plugin = onPlugin(opts);
    const [type, other] = plugin ? [pluginToken(kind), dynamicToken(kind)] : [dynamicToken(kind), pluginToken(kind)];
    super(type, name, plugin ? props : { ...props, __provider: serializedShim(shim) }, withDoorAlias(opts, other));
    noticeOutsideEngine(!plugin);
  }
}

/**
 * `opts` with the other door's type as an alias, where the resource is registered (not read by
 * `X.get`) and is not imported: see {@link ChatwootResource}.
 */
function withDoorAlias(opts: pulumi.CustomResourceOptions | undefined, type: string): pulumi.CustomResourceOptions | undefined {
  if (opts?.import !== undefined || opts?.id !== undefined) return opts;
  return { ...opts, aliases: [...(opts?.aliases ?? []), { type }] };
}

/** Each shim's serialized text, made once (as `pulumi.dynamic.Resource` caches it per provider object). */
const serialized = new WeakMap<pulumi.dynamic.ResourceProvider, pulumi.Output<string>>();

/**
 * The shim as `pulumi.dynamic.Resource` serializes it: the same call on the same closure (`() =>
 * provider`), so that the text is the same (tests/host/front-doors.test.ts compares the two).
 */
function serializedShim(provider: pulumi.dynamic.ResourceProvider): pulumi.Output<string> {
  const cached = serialized.get(provider);
  if (cached !== undefined) return cached;
  const closure = pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  const text = pulumi.output(closure).apply((sf): pulumi.Output<string> => (sf.containsSecrets ? pulumi.secret(sf.text) : pulumi.output(sf.text)));
  serialized.set(provider, text);
  return text;
}
