/**
 * The neutral interchange question: what every file format reads into and
 * writes from. A kind maps its stored question to and from this model (kinds/<kind>/interchange.ts),
 * so a format module (interchange/formats/*.ts) knows no kind's stored shape and adding a format
 * touches no kind folder. Texts are sanitised rich-text HTML of contracts/repo/rich-text.ts (blanks
 * are `blankHtml(n)` spans, formulas `formulaHtml`); images are references (`src` of an <img>) to
 * files the format carried in `images`.
 */

/** An option (choice) or an item (ordering). */
export interface InterOption {
  text: string;
  /** A right choice. */
  right: boolean;
  /** Share of the score this option gives (-1..1, Moodle's fraction); informative. */
  weight?: number;
  /** Feedback shown for this option (kept in the analysis on import). */
  feedback?: string;
}

export interface InterBlank {
  /** Accepted answers, any of which is right. */
  answers: string[];
  /** Numeric blank: the answers are numbers, right within ± tolerance. */
  tolerance?: number;
}

/** An image a format carried inside the file (Moodle @@PLUGINFILE@@, a QTI package file). */
export interface InterImage {
  /** The name the text refers to (`src` before it is stored). */
  name: string;
  mime: string;
  data: Buffer;
}

export interface InterQuestion {
  /** Our type number (1 single … 7 ordering, 99 composite). */
  type: number;
  /** A title (GIFT ::title::, Moodle <name>), used to name it in a report. */
  name?: string;
  /** 1 ordinary, 2 hard. */
  level: number;
  text: string;
  /** Choices (single, multiple, true/false) with rightness; items in the right order (ordering). */
  options: InterOption[];
  /** Fill in the blank: one entry per blank of the text. */
  blanks: InterBlank[];
  caseSensitive?: boolean;
  widthSensitive?: boolean;
  orderMatters?: boolean;
  /** Short answer: the reference answer (undefined when the source format has none) and scoring keywords. */
  reference?: string;
  keywords: { word: string; weight: number }[];
  /** Matching: one pair per left item, and every right item in its order (those in no pair are distractors). */
  pairs: { left: string; right: string }[];
  rights: string[];
  analysis: string | null;
  images: InterImage[];
  /** Composite: the questions under the stem. */
  children: InterQuestion[];
  tags: string[];
  /** A category path (Moodle `$course$/A/B`, GIFT $CATEGORY:), when the file had one. */
  category?: string;
}

/** An empty question of a type, to fill in. */
export const interQuestion = (type: number, text = ''): InterQuestion => ({
  type,
  level: 1,
  text,
  options: [],
  blanks: [],
  keywords: [],
  pairs: [],
  rights: [],
  analysis: null,
  images: [],
  children: [],
  tags: [],
});

/** A place in a file (line, element path, question name, file in a package) and why an item was not taken. */
export interface Skip {
  place: string;
  reason: string;
}

/** One question item read from a file: the question, or why it cannot be taken. */
export interface ReadEntry {
  place: string;
  question: InterQuestion;
}

/** What a format reader answers: the questions it read and the items it could not take. */
export interface ReadResult {
  entries: ReadEntry[];
  skipped: Skip[];
}

/** A file a format writer produced, with the questions it could not express. */
export interface WriteResult {
  body: Buffer;
  fileName: string;
  contentType: string;
  skipped: Skip[];
}

/** The stored question a kind maps from (an admin detail: options with right flags, the key). */
export interface StoredQuestion {
  type: number;
  level: number;
  content: string;
  analysis: string | null;
  options: { key: string; content: string; isRight: boolean }[];
  answer: Record<string, unknown>;
  tags?: string[];
  children?: StoredQuestion[];
}

/** The save input a kind makes from the model: what the editor would send. */
export interface KindInput {
  options: { key: string; content: string; isRight: boolean }[];
  answer: Record<string, unknown>;
}

/** A kind's two mappings. `fromInterchange` answers a reason when the model cannot be held. */
export interface KindInterchange {
  type: number;
  toInterchange: (q: StoredQuestion) => InterQuestion;
  fromInterchange: (q: InterQuestion) => KindInput | { skip: string };
}
