/**
 * The Chatwoot API client: transport (requests, retries, typed errors), the process-wide rate
 * limiter in front of every attempt, and the redaction of secrets from every text an error carries.
 */
export { apiClient, setRetryTiming, type ApiClient, type ApiRequest, type ApiResponse, type ClientOptions } from "./transport/client";
export { ChatwootApiError, ConfigError, isNotFound, type ApiErrorKind, type WriteOutcome } from "./transport/errors";
export { closeApiClients, limiterStats } from "./transport/origins";
export { parseBody } from "./transport/parse";
export { redactSecrets, registerSecret } from "./redaction/secrets";
