/**
 * Advice attached to errors whose cause is known. Chatwoot localises its messages per account, so
 * matching on English text is best effort: a hint is a help, never a decision.
 */
import { settingLabel as label, type SettingName, type SettingNames } from "../../config";
import type { ApiErrorKind } from "./errors";

/** What a hint is chosen from. */
export interface HintInput {
  kind: ApiErrorKind;
  path: string;
  status?: number;
  serverMessage?: string;
  code?: string;
  timeoutMs?: number;
  /** The answer could not be parsed as HTTP/1.1 (another service on the port, an HTTP/2-only server). */
  notHttp?: boolean;
  /** How the connection's settings are named (see `ConnectionSettings.names`). */
  names?: SettingNames;
}

const CONNECT_CODES: Record<string, string> = {
  ECONNREFUSED: "nothing accepted the connection",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved (DNS not answering)",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's TLS certificate cannot be verified",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed (set NODE_EXTRA_CA_CERTS)",
};

/** A sentence telling the user what to check, or `undefined`. */
export function hintFor(f: HintInput): string | undefined {
  const settingLabel = (name: SettingName) => label(name, f.names);
  if (f.kind === "timeout") {
    return `no answer within ${f.timeoutMs ?? "the"} ms; a slow server may need a larger ${settingLabel("requestTimeoutMs")}`;
  }
  if (f.kind === "network") {
    if (f.notHttp) return `something other than Chatwoot's web server answers there (another service on that port, or one that speaks only HTTP/2); check ${settingLabel("url")}`;
    const cause = f.code === undefined ? undefined : CONNECT_CODES[f.code];
    return cause === undefined ? undefined : `${cause}; check ${settingLabel("url")}`;
  }
  if (f.status === 401) return f.path.startsWith("/platform/") ? platform401(settingLabel, f.serverMessage) : account401(settingLabel, f.serverMessage);
  if (f.status === 402) {
    return "the account's plan limit is reached (Enterprise: the limits a Platform App sets, PlatformAccount's `limits`, or the installation's ACCOUNT_AGENTS_LIMIT / ACCOUNT_INBOXES_LIMIT); raise it or remove an agent or inbox";
  }
  if (f.status === 403 && /not enabled/i.test(f.serverMessage ?? "")) {
    return "an Enterprise feature of the account is off (Captain: captain_integration; custom tools: custom_tools; SAML: saml); turn it on in the Super Admin console or with PlatformAccount's `features`";
  }
  if (f.status === 429) {
    return "the server's rate limit (rack-attack RACK_ATTACK_LIMIT, requests per minute per client IP) stayed exceeded; run again later or raise the limit";
  }
  if (f.status === 502 || f.status === 503 || f.status === 504) {
    return "a proxy or gateway in front of Chatwoot answered: the server is down, restarting or overloaded";
  }
  return undefined;
}

type Label = (name: SettingName) => string;

function platform401(settingLabel: Label, message = ""): string {
  if (/permissible/i.test(message)) {
    return "a Platform App only sees the agent bots it created itself (or was granted in the Rails console); bots made in the UI or by another app cannot be managed with this token";
  }
  return `${settingLabel("platformAccessToken")} must be the token of a Platform App (Super Admin console > Platform Apps)`;
}

function account401(settingLabel: Label, message = ""): string | undefined {
  if (/not authorized for bots/i.test(message)) {
    return `${settingLabel("apiAccessToken")} belongs to an agent bot or Platform App; use a user's access token (Profile settings)`;
  }
  if (/invalid access.?token/i.test(message)) return `the server does not know this token; check ${settingLabel("apiAccessToken")}`;
  if (/not authorized to do this action/i.test(message)) {
    return "this needs an administrator of the account; the token belongs to an agent";
  }
  if (/access this account/i.test(message)) {
    return `the token's user is not a member of this account; check ${settingLabel("accountId")}`;
  }
  if (/sign in|sign up/i.test(message)) {
    return "no token reached the server; a proxy in front of Chatwoot may drop headers with underscores (nginx: underscores_in_headers on)";
  }
  if (/suspended/i.test(message)) return "the account is suspended";
  return undefined;
}
