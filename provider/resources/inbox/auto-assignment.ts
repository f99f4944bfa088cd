import { z } from "zod";

/**
 * An inbox's auto-assignment settings: the checks of `InboxAutoAssignmentConfigArgs`
 * (sdk/inbox-settings.ts). Chatwoot (Enterprise) permits only `max_assignment_limit` and drops any
 * other key without a word, so a misspelt one is refused here rather than found missing after the
 * update. The key keeps the server's spelling: the object is sent as it is (provider/mapping.ts).
 */
export const AutoAssignmentConfig = z.strictObject({
  max_assignment_limit: z
    .number({ error: "must be a whole number of conversations greater than 0, or null (no limit)" })
    .int("must be a whole number of conversations")
    .positive("must be greater than 0 (Chatwoot refuses 0 and less), or null (no limit)")
    .nullable()
    .optional(),
});
