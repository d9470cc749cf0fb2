/** The docx format now lives in interchange/formats/docx.ts (over the interchange model); kept for its importers. */
export { docxColumnOf, readQuestionsDocx, writeQuestionsDocx } from './interchange/formats/docx.js';
