/** The xlsx format now lives in interchange/formats/xlsx.ts (over the interchange model); kept for its importers. */
export {
  MAX_IMPORT_ROWS,
  readQuestionsXlsx,
  writeQuestionsXlsx,
  XLSX_COLUMNS,
  xlsxColumnOf,
} from './interchange/formats/xlsx.js';
