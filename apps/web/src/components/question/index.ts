/** Question components: editor, preview, rich text, list table and import dialog. */
export { newQuestion } from './defaults';
export { default as ImportDialog } from './ImportDialog';
export type { QuForm } from './kinds/types';
export { default as QuestionEditor } from './QuestionEditor';
export { default as QuestionLine } from './QuestionLine';
export { default as QuestionPreview, type PreviewQuestion } from './QuestionPreview';
export { default as QuestionTable } from './QuestionTable';
export { default as RichHtml } from './RichHtml';
export { default as RichTextEditor } from './RichTextEditor';
