/** The model label shown to users (spec §9). */
export const MODEL_LABEL = "QAI-1.0";
/** The question box grows with its text up to this height, then scrolls (spec §9). */
export const INPUT_MAX_HEIGHT_PX = 120;
/** Answer-all sends the suggested follow-ups one after another, this far apart (spec §9). */
export const ANSWER_ALL_DELAY_MS = 3500;
/** Incomplete final data: the temporary message is replaced by the stored one after this (spec §9). */
export const REFETCH_DELAY_MS = 2000;
/** A linked message stays highlighted this long (spec §9). */
export const HIGHLIGHT_MS = 3000;
/** Quota badge (spec §9): registered users see it at 5 or fewer left, emphasised at 2 or fewer; guests at 2 or fewer. */
export const QUOTA_BADGE_AT = 5;
export const QUOTA_WARNING_AT = 2;
