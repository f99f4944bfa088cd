// app/views/api/v1/models/_inbox.json.jbuilder at fd5ac2a8a renders no `line_channel_id`; a LINE inbox's
// callback URL (`Inbox#callback_webhook_url`, `/webhooks/line/<id>`) carries it.
import { InboxServerWire } from "../../../provider/wire/inbox";

describe("a LINE inbox's channel id", () => {
  it.each([
    ["as upstream renders it: only in the callback URL", { callback_webhook_url: "https://chat.acme.test/webhooks/line/1650000000" }, "1650000000"],
    ["as a server that renders it", { line_channel_id: "17", callback_webhook_url: "https://chat.acme.test/webhooks/line/99" }, "17"],
    ["escaped in the URL", { callback_webhook_url: "https://chat.acme.test/webhooks/line/a%20b" }, "a b"],
    ["of another channel", { callback_webhook_url: "https://chat.acme.test/webhooks/sms/4930123456" }, null],
    ["without a callback", {}, null],
  ])("is read %s", (_case, body, expected) => {
    expect(InboxServerWire.parse({ id: 1, name: "LINE", channel_type: "Channel::Line", ...body }).line_channel_id).toBe(expected);
  });
});
