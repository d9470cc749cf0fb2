/**
 * How large one answer may be, per question type (a 9.5 MB answer was stored). The web
 * bounds its inputs with these and the server's answer schema refuses anything larger; the answer
 * calls also have a body limit of their own (ANSWER_BODY_LIMIT_BYTES).
 */
export const ANSWER_LIMITS = {
  /** 1 single choice, 3 true/false: one option key; 2 multiple choice: at most this many keys. */
  choiceKeyChars: 8,
  choiceKeys: 26,
  /** 4 short answer: characters of text. */
  shortAnswerChars: 20_000,
  /** 5 fill blank: blanks and characters per blank. */
  blanks: 100,
  blankChars: 2_000,
  /** 6 matching: pairs and characters per key. */
  pairs: 100,
  pairKeyChars: 50,
  /** 99 composite in practice: children answered in one call. */
  children: 100,
} as const;

/**
 * Body limit of an answer call: the largest answer of one question (a short answer of
 * 20,000 characters is at most 80 KB in UTF-8 JSON) and the other fields.
 */
export const ANSWER_BODY_LIMIT_BYTES = 128 * 1024;
