/**
 * ApplicationRecord's `validates_column_content_length` (app/models/application_record.rb at
 * fd5ac2a8a, in every build since upstream PR #7073 of 2023): a `before_validation` of every model
 * that gives each string column longer than 255 characters, and each text column longer than
 * 20,000, the error "is too long (maximum is N characters)", unless the model validates that
 * column's length itself. It runs before the validations, so its errors come first.
 */
import { RecordErrors } from "../record-errors";

/** A column's type as db/schema.rb declares it: `t.string` or `t.text`. */
export type TextColumn = "string" | "text";

const MAXIMUM: Record<TextColumn, number> = { string: 255, text: 20_000 };

/** The most characters a column of the kind holds. */
export const columnMaximum = (kind: TextColumn): number => MAXIMUM[kind];

/**
 * A model's errors as its validations start: the length errors of the listed columns of `row`
 * (Ruby's `String#length` counts characters, not UTF-16 units). Values that are not text are left
 * to the model.
 */
export function columnLengthErrors(row: object, columns: Readonly<Record<string, TextColumn>>): RecordErrors {
  const errors = new RecordErrors();
  const values = row as Record<string, unknown>;
  for (const [column, kind] of Object.entries(columns)) {
    const value = values[column];
    const max = MAXIMUM[kind];
    if (typeof value === "string" && [...value].length > max) errors.add(column, `is too long (maximum is ${max} characters)`);
  }
  return errors;
}
