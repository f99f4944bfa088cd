import { connection, settingLabel, type ConnectionSettings } from "../config";
import { apiClient, type ApiRequest } from "../http/transport/client";
import { ChatwootApiError, ConfigError } from "../http/transport/errors";
import { accountPath, platformPath } from "../wire/paths";

/**
 * Proves that the connection settings work, with one GET per token they hold: the default account
 * (`GET /api/v1/accounts/{accountId}`: the URL, the user token, and that its user is a member) when
 * the user token and `accountId` are set, then the Platform App's bots
 * (`GET /platform/api/v1/agent_bots`) when the Platform token is set. Throws the first failure, a
 * {@link ChatwootApiError}. A missing or malformed setting is not checked: it is left to the
 * resources and data sources, which name it with the property or argument concerned.
 */
export async function checkConnection(): Promise<void> {
  let settings: ConnectionSettings;
  try {
    settings = connection();
  } catch (err) {
    if (ConfigError.isInstance(err)) return;
    throw err;
  }
  const client = apiClient(settings);
  const requests: ApiRequest[] = [];
  if (settings.apiAccessToken !== undefined && settings.accountId !== undefined) {
    requests.push({ method: "GET", path: accountPath(settings.accountId) });
  }
  if (settings.platformAccessToken !== undefined) requests.push({ method: "GET", path: platformPath("agent_bots") });
  for (const request of requests) {
    try {
      await client.send(request);
    } catch (err) {
      // A 404 here is no missing object: the address is not a Chatwoot API, or the account is not there.
      if (ChatwootApiError.isInstance(err) && err.status === 404 && err.hint === undefined) {
        const where = request.path.startsWith("/platform/") ? settingLabel("url", settings.names) : `${settingLabel("url", settings.names)} and ${settingLabel("accountId", settings.names)}`;
        throw err.withHint(`check ${where}`);
      }
      throw err;
    }
  }
}
