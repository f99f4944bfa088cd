import type { AccountCall, ApiResult, PlatformCall } from "./call";
import { compareSpecificity, compilePattern, matchPattern, type PathPattern } from "./path-pattern";
import * as agentBots from "./responses/agent-bots";
import * as inboxes from "./responses/inboxes";

/**
 * The route table (moto's urls): which handler answers which method and path, and which API
 * area's authentication runs first. Anything not listed is Rails' routing 404.
 */

export type Route =
  | { method: string; pattern: PathPattern; area: "platform"; handle: (call: PlatformCall) => ApiResult }
  | { method: string; pattern: PathPattern; area: "account"; handle: (call: AccountCall) => ApiResult };

const PLATFORM = "/platform/api/v1";
/** Every application-API path starts here; `account_id` is resolved by authentication. */
const ACCOUNT = "/api/v1/accounts/:account_id";

const platform = (methods: string[], path: string, handle: (call: PlatformCall) => ApiResult): Route[] =>
  methods.map((method) => ({ method, pattern: compilePattern(PLATFORM + path), area: "platform", handle }));

const account = (methods: string[], path: string, handle: (call: AccountCall) => ApiResult): Route[] =>
  methods.map((method) => ({ method, pattern: compilePattern(ACCOUNT + path), area: "account", handle }));

/** `resources` routes both PATCH and PUT to update. */
const UPDATE = ["PATCH", "PUT"];

const ROUTES: Route[] = [
  ...platform(["GET"], "/agent_bots", agentBots.listAgentBots),
  ...platform(["POST"], "/agent_bots", agentBots.createAgentBot),
  ...platform(["GET"], "/agent_bots/:id", agentBots.showAgentBot),
  ...platform(UPDATE, "/agent_bots/:id", agentBots.updateAgentBot),
  ...platform(["DELETE"], "/agent_bots/:id", agentBots.deleteAgentBot),
  ...platform(["DELETE"], "/agent_bots/:id/avatar", agentBots.deleteAgentBotAvatar),

  ...account(["GET"], "/inboxes", inboxes.listInboxes),
  ...account(["GET"], "/inboxes/:id", inboxes.showInbox),
];

const byMethod = new Map<string, Route[]>();
for (const route of ROUTES) {
  const list = byMethod.get(route.method) ?? [];
  list.push(route);
  byMethod.set(route.method, list);
}
for (const list of byMethod.values()) list.sort((a, b) => compareSpecificity(a.pattern, b.pattern));

/** The route for a request and its path parameters, or undefined (a routing 404). */
export function findRoute(method: string, segments: readonly string[]): { route: Route; path: Record<string, string> } | undefined {
  for (const route of byMethod.get(method) ?? []) {
    const path = matchPattern(route.pattern, segments);
    if (path) return { route, path };
  }
  return undefined;
}
