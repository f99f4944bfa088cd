import { STATUS_CODES } from "node:http";

/** Media type of every JSON answer. */
export const JSON_TYPE = "application/json; charset=utf-8";

/**
 * An answer other than success, raised anywhere in the pipeline (auth, models, handlers) and
 * rendered as is. The body is always one of the envelopes real servers use (research 1.3).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType: string = JSON_TYPE,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Rails' own rendering of an unhandled exception or routing failure: `{"status":N,"error":"Reason"}`. */
export function railsError(status: number): ApiError {
  return new ApiError(status, { status, error: STATUS_CODES[status] ?? "Error" });
}

/** Any exception the controllers do not rescue (nil lookups, enum ArgumentError, NOT NULL violations). */
export function internalError(): ApiError {
  return railsError(500);
}

/** `ActiveRecord::RecordNotFound` as the application API renders it. */
export function recordNotFound(): ApiError {
  return new ApiError(404, { error: "Resource could not be found" });
}

/** A 401 with the application's `{"error": message}` body. */
export function unauthorized(message: string): ApiError {
  return new ApiError(401, { error: message });
}

/** A Pundit failure: always 401, never 403 (research 1.4). */
export function notAuthorizedAction(): ApiError {
  return unauthorized("You are not authorized to do this action");
}

/** A feature guard of the newest Enterprise controllers (Captain, SAML): 403 `{"error": message}`. */
export function forbidden(message: string): ApiError {
  return new ApiError(403, { error: message });
}

/** `ActionController::ParameterMissing` from `params.require(key)`. */
export function parameterMissing(key: string): ApiError {
  return new ApiError(422, { error: `param is missing or the value is empty: ${key}` });
}

/** `render_could_not_create_error(x)`: 422 `{"error": x}`, where x is a string or a hash of arrays. */
export function couldNotCreate(error: unknown): ApiError {
  return new ApiError(422, { error });
}
