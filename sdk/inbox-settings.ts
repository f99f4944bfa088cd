import type * as pulumi from "@pulumi/pulumi";

/** The arguments and outputs of an inbox's working hours and satisfaction survey (`Inbox`'s `workingHours`, `csatConfig`). */

/**
 * One day of an inbox's working hours. A day is open from `openHour:openMinutes` to
 * `closeHour:closeMinutes`, unless it is closed all day or open all day; it cannot stay open past
 * midnight.
 */
export interface InboxWorkingHoursDayArgs {
  /** The day: 0 (Sunday) to 6 (Saturday), each listed once. */
  dayOfWeek: pulumi.Input<number>;
  /** Closed the whole day (the hours, if given, are ignored). */
  closedAllDay?: pulumi.Input<boolean | undefined>;
  /** Open the whole day, 00:00-23:59 (the hours, if given, are ignored). Not together with `closedAllDay`. */
  openAllDay?: pulumi.Input<boolean | undefined>;
  /** Opening hour, 0-23; required on a day that is neither closed nor open all day. */
  openHour?: pulumi.Input<number | undefined>;
  /** Opening minutes, 0-59 (default 0). */
  openMinutes?: pulumi.Input<number | undefined>;
  /** Closing hour, 0-23; required on a day that is neither closed nor open all day. */
  closeHour?: pulumi.Input<number | undefined>;
  /** Closing minutes, 0-59 (default 0). */
  closeMinutes?: pulumi.Input<number | undefined>;
}

/** One day of an inbox's working hours as Chatwoot holds it. */
export interface InboxWorkingHoursDay {
  /** The day: 0 (Sunday) to 6 (Saturday). */
  dayOfWeek: number;
  /** Whether the inbox is closed the whole day. */
  closedAllDay: boolean;
  /** Whether the inbox is open the whole day (00:00-23:59). */
  openAllDay: boolean;
  /** Opening hour, 0-23; null on a day closed all day. */
  openHour: number | null;
  /** Opening minutes, 0-59; null on a day closed all day. */
  openMinutes: number | null;
  /** Closing hour, 0-23; null on a day closed all day. */
  closeHour: number | null;
  /** Closing minutes, 0-59; null on a day closed all day. */
  closeMinutes: number | null;
}

/**
 * An inbox's auto-assignment settings (Chatwoot Enterprise); only the keys given are managed. The
 * key is spelt as the server spells it: Chatwoot takes no other and would drop a misspelt one.
 */
export interface InboxAutoAssignmentConfigArgs {
  /** Most open conversations auto-assignment gives one agent of the inbox: a whole number above 0, or `null` (no limit). */
  max_assignment_limit?: pulumi.Input<number | null | undefined>;
}

/** Which conversations get a satisfaction survey, by their labels. */
export interface InboxCsatSurveyRulesArgs {
  /** `contains` (a conversation with one of the labels; the default) or `does_not_contain` (none of them). */
  operator?: pulumi.Input<"contains" | "does_not_contain" | undefined>;
  /**
   * The labels, by title (a `Label`'s `title`), in lower case as Chatwoot keeps them; compared as a
   * set. None: every conversation gets the survey.
   */
  values?: pulumi.Input<pulumi.Input<string>[] | undefined>;
}

/**
 * An inbox's satisfaction survey, managed whole: a key left out means Chatwoot's default (an update
 * of the config sets every key).
 */
export interface InboxCsatConfigArgs {
  /** How contacts rate: `emoji` (the default) or `star`. */
  displayType?: pulumi.Input<"emoji" | "star" | undefined>;
  /** The survey's message (at most 10,000 characters; default none, Chatwoot's own text). */
  message?: pulumi.Input<string | null | undefined>;
  /** The survey button's text (one line; default "Please rate us"). */
  buttonText?: pulumi.Input<string | null | undefined>;
  /** The language of a WhatsApp survey template, such as `en` (the default) or `pt_BR`. */
  language?: pulumi.Input<string | undefined>;
  /** Which conversations get the survey (default: every one). */
  surveyRules?: pulumi.Input<InboxCsatSurveyRulesArgs | undefined>;
}

/** An inbox's satisfaction survey settings as the server holds them. */
export interface InboxCsatConfig {
  /** `emoji` or `star`. */
  displayType?: string;
  /** The survey's message. */
  message?: string;
  /** The survey button's text. */
  buttonText?: string;
  /** The language of a WhatsApp survey template. */
  language?: string;
  /** Which conversations get the survey, by label titles. */
  surveyRules?: { operator?: string; values?: string[] };
  /** The WhatsApp template Chatwoot made for the survey (set through its template endpoints; kept by updates). */
  template?: Record<string, unknown>;
}
