import { createObject, deleteObject, readObject, updateObject } from "../../lifecycle/collection";
import { defaultImportAddress } from "../../lifecycle/import";
import { defineResource } from "../../lifecycle/resource";
import { rememberGiven } from "./credentials";
import { InboxInputs, normalizers } from "./inputs";
import { inboxKind } from "./object";

export { InboxInputs } from "./inputs";

/**
 * An inbox (`/inboxes`): API and web-widget inboxes are created, any inbox can be adopted with
 * `adoptId`; id: the inbox id. Not a plain collection (see ./object.ts): the lifecycle's steps act
 * on the inbox's own requests. A create sends one POST, then what it could not carry (working
 * hours, the bot, settings older servers take only on update) in one more write.
 */
export const inbox = defineResource({
  inputs: InboxInputs,
  account: "required",
  noun: "inbox",
  controlKeys: ["adoptId"],
  credentialKeys: ["credentials"],
  derivedKeys: ["channelType"],
  replaceOn: ["accountId", "channelType"],
  normalizers,
  async prepare(inputs) {
    rememberGiven(inputs.credentials);
    // The channel type is compared on its own, so that changing it (and only that) replaces the inbox.
    return { inputs: { ...inputs, channelType: inputs.channel?.type }, failures: [] };
  },
  // An imported inbox is read with its bot and portal, which reads leave out where they are not managed.
  async importAddress(importId) {
    const { id, olds } = defaultImportAddress(importId, "required");
    return { id, olds: { ...olds, agentBotId: null, portalId: null } };
  },
  create: (inputs) => createObject(inboxKind, inputs),
  read: (id, olds) => readObject(inboxKind, id, olds),
  update: (id, olds, news, changed) => updateObject(inboxKind, news, id, changed, olds),
  delete: (id, olds) => deleteObject(inboxKind, id, olds),
});
