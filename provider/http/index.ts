/** The Chatwoot API client and its error model (see client.ts for how a request is sent). */
export { apiClient, type ApiClient, type ApiRequest, type ApiResponse, type ClientOptions } from "./client";
export { ChatwootApiError, ConfigError, isNotFound, type ApiErrorKind, type WriteOutcome } from "./errors";
export { closeApiClients, limiterStats } from "./origins";
export { parseBody } from "./parse";
