import * as pulumi from "@pulumi/pulumi";
import { INBOX_SECRET_KEYS, type GetInboxArgs as ReaderArgs, type Inbox } from "../provider/readers/inbox";
import { readers } from "../provider";
import type { DeepInput } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import { configureFromStack } from "./stack-connection";

/** Arguments of {@link getInbox}. `accountId` defaults to config `chatwoot:accountId`. */
export type GetInboxArgs = ReaderArgs;
/** Arguments of {@link getInboxOutput}: the same, as Pulumi inputs. */
export type GetInboxOutputArgs = { [K in keyof ReaderArgs]: DeepInput<ReaderArgs[K]> };
/**
 * What {@link getInbox} returns: every inbox field of the API (null where the server sends none,
 * e.g. widget settings of an API inbox), with `workingHours` as seven days (Sunday = 0) and
 * `selectedFeatureFlags` as the names of the enabled flags. Channel-specific extras (IMAP settings,
 * provider config, ...) are left out. `websiteToken`, `hmacToken` and `webWidgetScript` (which
 * embeds the website token) are credentials.
 */
export type GetInboxResult = Inbox;

/**
 * One inbox of an account, read when the program runs, with the stack's `chatwoot:*` config (or
 * the `CHATWOOT_*` environment variables). The website and HMAC tokens are plain in this form;
 * prefer {@link getInboxOutput}, which marks them secret.
 *
 * ## Example Usage
 * ```ts
 * // A CommonJS program cannot await at the top level: use .then, or await inside an async function.
 * export const websiteName = chatwoot.getInbox({ inboxId: 1 }).then((website) => website.name);
 * ```
 *
 * @param _opts accepted for the shape of Pulumi's generated data sources; the lookup runs in the program process.
 */
export async function getInbox(args: GetInboxArgs, _opts?: pulumi.InvokeOptions): Promise<GetInboxResult> {
  noticeOutsideEngine();
  configureFromStack();
  return readers.getInbox(args);
}

/**
 * {@link getInbox} as an Output. When the inbox carries a website or HMAC token the whole result
 * is a secret (Pulumi cannot mark one field of a value secret).
 *
 * ## Example Usage
 * ```ts
 * const website = chatwoot.getInboxOutput({ inboxId: 1 });
 * export const widgetToken = website.websiteToken; // a secret
 * ```
 */
export function getInboxOutput(args: GetInboxOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetInboxResult> {
  return pulumi
    .output(args)
    .apply((plain) => getInbox(plain as GetInboxArgs, opts))
    .apply((inbox) => {
      const wrap = INBOX_SECRET_KEYS.some((key) => inbox[key] !== null) ? pulumi.secret : pulumi.output;
      // Both type their value as Unwrap<T>, which for this plain JSON is T itself.
      return wrap(inbox) as unknown as pulumi.Output<GetInboxResult>;
    });
}
