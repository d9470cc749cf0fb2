/**
 * A kind's pieces of every file format, in one place per kind (as Moodle's question types carry
 * their own import/export hooks): our xlsx/docx layout both ways, and what GIFT, Aiken, Moodle
 * XML and QTI write for it or why they cannot. The format modules (interchange/formats/) keep the
 * file syntax and hand it in (`GiftSyntax`, `MoodleSyntax`, `QtiSyntax`); a kind never imports a
 * format module's values, so adding a kind is one file here plus its line in index.ts.
 */

import type { InterBlank, InterQuestion } from '../model.js';

/** The layout cells of a question: 选项A.., 左侧项, 答案, 得分关键词, 填空设置. */
export type LayoutCells = Record<string, string>;

export interface GiftSyntax {
  esc: (s: string) => string;
  /** `%50%`: the weight of one of n right options. */
  weightOf: (n: number) => string;
}

export type XmlObject = Record<string, unknown>;

export interface MoodleSyntax {
  /** A rich-text field: `{ @_format: 'html', text: CDATA }`. */
  rich: (html: string) => XmlObject;
  clozeEsc: (s: string) => string;
  /** One blank as a cloze part: `{1:SHORTANSWER:=a~=b}`, a numeric one `{1:NUMERICAL:=3:2}`. */
  clozeBlank: (b: InterBlank | undefined, caseSensitive?: boolean) => string;
  /** An option Moodle's cloze can hold (plain text in one paragraph), or null. */
  plainOption: (html: string) => string | null;
  /** A composite's child as a cloze body, by the child's kind (`which` names it in a reason). */
  clozeChild: (c: InterQuestion, which: string) => string | { reason: string };
  /** The block a cloze child is written in (`<div class="qu-child">`). */
  childBlock: string;
}

export interface QtiSyntax {
  /** Our sanitised HTML as XHTML. */
  xhtml: (html: string) => string;
  esc: (s: string) => string;
  declaration: (id: string, cardinality: string, baseType: string, values: string[], mapping?: string) => string;
  /** `<qti-simple-choice identifier="C1">…`. */
  choice: (prefix: string, i: number, text: string) => string;
}

export interface KindFormats {
  type: number;
  /** Our xlsx and docx layout; none for a composite (its children are questions of their own). */
  layout?: {
    /** Fills the model parts of `q` from a row or paragraphs. */
    read: (q: InterQuestion, p: LayoutParts) => void;
    write: (q: InterQuestion, cells: LayoutCells, rich: (html: string | null | undefined) => string) => void;
  };
  /** A docx question writes no 答案 line (a composite: its children do). */
  noAnswerLine?: true;
  gift: {
    /** Why GIFT cannot hold it, or null. */
    cannot: (q: InterQuestion) => string | null;
    /** The answer block's content `{…}`. */
    block: (q: InterQuestion, s: GiftSyntax) => string;
    /** The block stands at the blank of the text (missing word), not after it. */
    atBlank?: true;
  };
  /** Aiken holds this kind (single choice only). */
  aiken?: true;
  moodle: {
    cannot: (q: InterQuestion, s: MoodleSyntax) => string | null;
    /** The `<question>` element; `base` holds name, text, general feedback and grade. */
    question: (q: InterQuestion, base: XmlObject, tags: XmlObject, s: MoodleSyntax) => XmlObject;
    /** As a composite's child in a cloze text: the child's body, or why not. */
    clozeChild?: (c: InterQuestion, which: string, s: MoodleSyntax) => string | { reason: string };
  };
  qti: {
    cannot: (q: InterQuestion) => string | null;
    /** The response declarations and the item body (`body` is the text as XHTML). */
    item: (q: InterQuestion, body: string, s: QtiSyntax) => { decls: string; body: string };
  };
}

export const never = () => null;

/** What a layout row or paragraph holds besides the text. */
export interface LayoutParts {
  /** Option texts A.. (choices, ordering items, right-hand matching items). */
  options: string[];
  /** Left-hand matching items. */
  left: string[];
  answer: string;
  /** 得分关键词, 填空设置. */
  field: (name: string) => string;
  issue: (column: string, reason: string) => void;
  /** xlsx reports answer letters beyond the options; docx leaves that to the rules. */
  strictLetters: boolean;
}
