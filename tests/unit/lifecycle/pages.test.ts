import { readAllPages, SMALLEST_PAGE } from "../../../provider/lifecycle/pages";

/** A server that serves `total` items `size` a page, and records the pages asked for. */
function pagedServer(total: number, size: number) {
  const asked: number[] = [];
  const items = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
  const fetchPage = async (page: number) => {
    asked.push(page);
    return items.slice((page - 1) * size, page * size);
  };
  return { asked, fetchPage };
}

describe("readAllPages", () => {
  it("takes a first page shorter than the smallest page size for the whole list", async () => {
    const server = pagedServer(SMALLEST_PAGE - 1, 1000);
    expect(await readAllPages(server.fetchPage)).toHaveLength(SMALLEST_PAGE - 1);
    expect(server.asked).toEqual([1]);
  });

  it("reads pages of a size it is not told until one is shorter than the first", async () => {
    const kaminari = pagedServer(60, 25);
    expect((await readAllPages(kaminari.fetchPage)).map((i) => i.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(kaminari.asked).toEqual([1, 2, 3]);
    const large = pagedServer(40, 1000);
    expect(await readAllPages(large.fetchPage)).toHaveLength(40);
    expect(large.asked).toEqual([1, 2]);
  });

  it("reads one more page when the last one is exactly full", async () => {
    const server = pagedServer(50, 25);
    expect(await readAllPages(server.fetchPage)).toHaveLength(50);
    expect(server.asked).toEqual([1, 2, 3]);
  });

  it("stops at a page that brings nothing new (a server that ignores the page), keeping each item once", async () => {
    const asked: number[] = [];
    const same = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
    const items = await readAllPages(async (page) => {
      asked.push(page);
      return same;
    });
    expect(items).toHaveLength(30);
    expect(asked).toEqual([1, 2]);
  });

  it("keeps an item that moved to a later page once", async () => {
    const pages = [Array.from({ length: 25 }, (_, i) => ({ id: i + 1 })), [{ id: 25 }, { id: 26 }], []];
    expect((await readAllPages(async (page) => pages[page - 1] ?? [])).map((i) => i.id)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
  });
});
