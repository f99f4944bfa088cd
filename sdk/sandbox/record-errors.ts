import { ApiError } from "./errors";

/** Rails' default presence message. */
export const CANT_BE_BLANK = "can't be blank";
/** Chatwoot's own presence message (`errors.validations.presence`), used by labels and teams. */
export const MUST_NOT_BE_BLANK = "must not be blank";
/** The uniqueness validator's message. */
export const TAKEN = "has already been taken";

/**
 * A model's validation errors, kept in the order they were added, the way ActiveModel::Errors
 * renders them: full messages are "<Humanized attribute> <message>".
 */
export class RecordErrors {
  private readonly list: { attribute: string; message: string }[] = [];

  add(attribute: string, message: string): void {
    this.list.push({ attribute, message });
  }

  any(): boolean {
    return this.list.length > 0;
  }

  /** `errors.messages`: attribute → messages (what `render_could_not_create_error` sends). */
  messages(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const { attribute, message } of this.list) (out[attribute] ??= []).push(message);
    return out;
  }

  /** `errors.full_messages`: "<Humanized attribute> <message>", an error on :base its message alone. */
  fullMessages(): string[] {
    return this.list.map((e) => (e.attribute === "base" ? e.message : `${humanize(e.attribute)} ${e.message}`));
  }

  /** `ActiveRecord::RecordInvalid` as rendered by RequestExceptionHandler: `{message, attributes}`. */
  toRecordInvalid(): ApiError {
    const message = this.fullMessages().join(", ");
    const attributes = [...new Set(this.list.map((e) => e.attribute))];
    return new ApiError(422, { message, attributes });
  }

  /** Raises RecordInvalid when anything was added (`save!`). */
  raiseIfAny(): void {
    if (this.any()) throw this.toRecordInvalid();
  }
}

/** ActiveSupport's `humanize` for attribute names: "attribute_key" → "Attribute key", "user_id" → "User". */
function humanize(attribute: string): string {
  const words = attribute.replace(/_id$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
