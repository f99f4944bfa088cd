/**
 * The kinds of object an export covers: the registry's types with a clone description, in its
 * order, which is the order the generated program declares them in (each kind after every kind it
 * can refer to, so every constant is declared before it is used).
 */
import { RESOURCE_TYPES as REGISTRY, type CloneKind } from "../../provider/registry";

/** One kind of exported object. */
export interface ResourceType extends CloneKind {
  /** The SDK class that declares it (`chatwoot.<sdkClass>`). */
  sdkClass: TypeName;
}

type Cloned = Extract<(typeof REGISTRY)[number], { clone: CloneKind }>;

export const RESOURCE_TYPES: readonly ResourceType[] = REGISTRY.filter((t): t is Cloned => "clone" in t).map((t) => ({ sdkClass: t.name, ...t.clone }));

/** The SDK class name of an exported kind, which also names the kind in the model. */
export type TypeName = Cloned["name"];

const BY_NAME = new Map<string, ResourceType>(RESOURCE_TYPES.map((t) => [t.sdkClass, t]));

/** The description of a kind. */
export function resourceType(name: TypeName): ResourceType {
  return BY_NAME.get(name) as ResourceType;
}

/** Declaration order of a kind (see the file's comment). */
export function typeOrder(name: TypeName): number {
  return RESOURCE_TYPES.findIndex((t) => t.sdkClass === name);
}

/** Every `--include`/`--exclude` name, for messages. */
export const TYPE_OPTIONS: readonly string[] = RESOURCE_TYPES.map((t) => t.option);

/**
 * The kinds named by a comma-separated `--include`/`--exclude` value (`labels,teams`).
 * @throws Error naming an unknown name and listing the known ones.
 */
export function parseTypeList(text: string): TypeName[] {
  const names = text.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) throw new Error(`expected a comma-separated list of ${TYPE_OPTIONS.join(", ")}`);
  return names.map((name) => {
    const found = RESOURCE_TYPES.find((t) => t.option === name);
    if (!found) throw new Error(`unknown resource type "${name}"; one of ${TYPE_OPTIONS.join(", ")}`);
    return found.sdkClass;
  });
}
