/**
 * A WhatsApp inbox of account 1 made by hand (the seed has none), for the survey templates only
 * WhatsApp inboxes have: a Cloud API number, made as the administrator would in Chatwoot's settings.
 */
type Admin = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

export const WHATSAPP_INBOX = {
  name: "Acme WhatsApp",
  channel: { type: "whatsapp", phone_number: "+15550100200", provider: "whatsapp_cloud", provider_config: { api_key: "wa-key-test", phone_number_id: "105550100200", business_account_id: "205550100200" } },
};

/** Makes the inbox in account `accountId`; resolves to its id. */
export async function makeWhatsappInbox(admin: Admin, accountId: number): Promise<number> {
  const made = await admin("POST", `/api/v1/accounts/${accountId}/inboxes`, WHATSAPP_INBOX);
  if (made.status >= 300) throw new Error(`making the WhatsApp inbox by hand failed with ${made.status}`);
  return (made.body as { id: number }).id;
}
