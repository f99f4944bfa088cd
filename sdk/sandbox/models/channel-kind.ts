/** What each channel of an inbox declares (models/inbox-channels.ts, models/credentialed-channels.ts): one shape, in a file both read. */
import type { CHANNEL_TYPES } from "../fixture";
import type { PermitFilter, Params } from "../params";
import type { RecordErrors } from "../record-errors";
import type { ChannelTable, InboxRecord, SandboxState } from "../state";

/** One channel model: how `channel` fields land on the inbox row, and what makes them invalid. */
export interface ChannelKind {
  channelType: (typeof CHANNEL_TYPES)[number];
  /** The channel table's id sequence. */
  table: ChannelTable;
  /** `EDITABLE_ATTRS` as a permit filter (the sandbox's subset). */
  permit: PermitFilter;
  /** Lands permitted attributes on the row (credentials apart, remembered by the secret book). */
  assign(inbox: InboxRecord, attributes: Params, state: SandboxState): void;
  validate(inbox: InboxRecord, errors: RecordErrors, state: SandboxState): void;
  /**
   * What creating the channel does besides validating it: callbacks that call third parties
   * (modelled as they answer when the credentials work) and columns made on create.
   */
  create?(inbox: InboxRecord, errors: RecordErrors): void;
}
