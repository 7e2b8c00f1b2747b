/** Rules of the API that more than one service enforces (spec §5, DESIGN §4). */
export const MAX_QUESTION_LENGTH = 4000;
