/**
 * Translation families of help-center categories and articles: each translation links
 * (`associated_category_id`, `associated_article_id`) to the first row of its family, and upstream
 * follows such links the same way for both.
 */

/** A row that may link to another of its table. */
export interface Linked {
  id: number;
  portal_id: number;
}

/** `find_root_*_id`: follows the links to the first row (a cycle stops where it closes, a missing row where it is). */
export function rootOf<T extends Linked>(table: ReadonlyMap<number, T>, row: T, link: (row: T) => number | null): T {
  const visited = new Set<number>();
  let current = row;
  for (let next = link(current); next !== null && !visited.has(current.id); next = link(current)) {
    visited.add(current.id);
    const found = table.get(next);
    if (!found) break;
    current = found;
  }
  return current;
}

/** The first row and every row of the portal linked to it, directly or through another. */
export function familyIds<T extends Linked>(table: ReadonlyMap<number, T>, portalId: number, rootId: number, link: (row: T) => number | null): Set<number> {
  const ids = new Set([rootId]);
  for (let parents = [rootId]; parents.length > 0; ) {
    parents = [...table.values()]
      .filter((row) => {
        const target = link(row);
        return row.portal_id === portalId && target !== null && parents.includes(target) && !ids.has(row.id);
      })
      .map((row) => row.id);
    for (const id of parents) ids.add(id);
  }
  return ids;
}
