/**
 * `validates :field, uniqueness: { scope: :account_id }`: another row of the same account holds
 * the same value. Values compare exactly (Rails' case-sensitive default); nil never collides,
 * since every caller also refuses nil by presence or a NOT NULL column.
 */
export function takenInAccount<T extends { id: number; account_id: number }>(table: ReadonlyMap<number, T>, row: T, field: keyof T): boolean {
  const value = row[field];
  if (value === null || value === undefined) return false;
  for (const other of table.values()) {
    if (other.id !== row.id && other.account_id === row.account_id && other[field] === value) return true;
  }
  return false;
}
