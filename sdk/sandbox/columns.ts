/**
 * `render json: record` (or a partial that lists columns): the row's values of these columns, as
 * keys in the order given, which is the order the partial writes them in.
 */
export function columnsOf<R, K extends keyof R>(row: R, columns: readonly K[]): Pick<R, K> {
  const view = {} as Pick<R, K>;
  for (const column of columns) view[column] = row[column];
  return view;
}

/** A timestamp column as a view's `.to_i` renders it: epoch seconds. */
export const epochSeconds = (stamp: string): number => Math.floor(Date.parse(stamp) / 1000);
