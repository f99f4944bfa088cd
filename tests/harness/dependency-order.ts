/** Orders resources so that each comes after everything it depends on, as Pulumi's state does. */
import type { ResourceState } from "./state";

/** What a resource depends on: its parent, `dependsOn`, and the resources its inputs came from. */
function dependencyUrns(record: ResourceState): string[] {
  return [...(record.parent ? [record.parent] : []), ...record.dependencies, ...Object.values(record.propertyDependencies).flat()];
}

/**
 * Returns the records with dependencies first, otherwise keeping their given order. Dependencies on
 * URNs not in the list are ignored. Deleting in the reverse of this order removes dependents first.
 */
export function dependencyOrder(records: readonly ResourceState[]): ResourceState[] {
  const byUrn = new Map<string, ResourceState[]>();
  for (const record of records) byUrn.set(record.urn, [...(byUrn.get(record.urn) ?? []), record]);
  const ordered: ResourceState[] = [];
  const done = new Set<ResourceState>();
  const visiting = new Set<ResourceState>();
  const visit = (record: ResourceState) => {
    if (done.has(record) || visiting.has(record)) return; // a cycle cannot come from a program; ignore it
    visiting.add(record);
    for (const urn of dependencyUrns(record)) {
      // The old half of a replacement shares its URN with the new one but depends on neither.
      for (const dep of byUrn.get(urn) ?? []) if (dep !== record && !dep.pendingDelete) visit(dep);
    }
    visiting.delete(record);
    done.add(record);
    ordered.push(record);
  };
  records.forEach(visit);
  return ordered;
}
