/** The smallest page any Chatwoot version serves: Kaminari's default (categories serve 1000 since 2025). */
export const SMALLEST_PAGE = 25;

/**
 * Every item of a list the server serves in pages (`?page=1`, `2`, ...) of a size it does not say.
 * A first page shorter than {@link SMALLEST_PAGE} is the whole list; otherwise pages are read until
 * one is shorter than the first, or brings no item not seen already (a server that ignores `page`
 * answers the same page again; a list ordered by last change can move between two reads). Each
 * item is kept once, by id, in the order first seen.
 */
export async function readAllPages<T extends { id: number }>(fetchPage: (page: number) => Promise<T[]>): Promise<T[]> {
  const first = await fetchPage(1);
  const items = new Map(first.map((item) => [item.id, item]));
  if (first.length < SMALLEST_PAGE) return [...items.values()];
  for (let page = 2; ; page++) {
    const next = await fetchPage(page);
    const seen = items.size;
    for (const item of next) if (!items.has(item.id)) items.set(item.id, item);
    if (next.length < first.length || items.size === seen) return [...items.values()];
  }
}
