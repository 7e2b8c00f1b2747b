/** The model label shown to users (spec §9). */
export const MODEL_LABEL = "QAI-1.0";
/** The question box grows with its text up to this height, then scrolls (spec §9). */
export const INPUT_MAX_HEIGHT_PX = 120;
