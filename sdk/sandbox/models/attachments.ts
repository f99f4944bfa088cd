/**
 * `AttachmentConcern#validate_and_prepare_attachments` (app/controllers/concerns/attachment_concern.rb
 * at fd5ac2a8a), which the automation rules' and macros' create and update run on
 * `params[:actions]` before anything else: a blank list passes; each `send_attachment` action's
 * first parameter must be a signed blob id, or on update the id of a blob the record already
 * holds. The sandbox stores no blobs, so every such action is 422 "Invalid attachment"
 * (`errors.attachments.invalid`). Where Ruby fails instead (a list that is not one has no `map`, an
 * entry that is no hash no `[:action_name]`, an action without parameters calls `first` on nil)
 * the answer is a 500.
 */
import { couldNotCreate, internalError } from "../errors";
import { isHash, isPresent } from "../params";

export function checkAttachments(actions: unknown): void {
  if (!isPresent(actions)) return;
  if (!Array.isArray(actions)) throw internalError();
  for (const action of actions) {
    if (!isHash(action)) throw internalError();
    if (action.action_name !== "send_attachment") continue;
    if (!Array.isArray(action.action_params)) throw internalError();
    throw couldNotCreate("Invalid attachment");
  }
}
