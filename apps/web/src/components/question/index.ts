/** Question components: editor, preview, rich text, list table and import dialog. */
export { newQuestion } from './defaults';
export { default as ImportDialog } from './ImportDialog';
export { default as KnowledgeSelect } from './KnowledgeSelect';
export type { QuForm } from './kinds/types';
export { KP_TREE_KEY, kpSelectData, nestPoints, useKnowledgeTree } from './knowledge';
export { default as QuestionEditor } from './QuestionEditor';
export { default as QuestionLine } from './QuestionLine';
export { default as QuestionPreview, type PreviewQuestion } from './QuestionPreview';
export { default as QuestionTable } from './QuestionTable';
export { default as RichHtml } from './RichHtml';
export { default as RichTextEditor } from './RichTextEditor';
