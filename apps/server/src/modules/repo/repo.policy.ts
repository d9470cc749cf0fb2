/**
 * The question bank's policy (banks and their questions). Banks are shared content: the holders of
 * the bank and question pages' tags read and change them all. A learner reads a question through
 * the question reader (question-reader.ts), whose sitting lock hides keys while a paper is open.
 */
import {
  repoKnowledgeDelete,
  repoKnowledgeMatrix,
  repoKnowledgeMerge,
  repoKnowledgeMove,
  repoKnowledgeSave,
  repoQuBatchCopy,
  repoQuBatchMove,
  repoQuDelete,
  repoQuDetail,
  repoQuExport,
  repoQuPaging,
  repoQuSave,
  repoQuStatReview,
  repoQuView,
  repoRepoDelete,
  repoRepoDetail,
  repoRepoListStat,
  repoRepoSave,
} from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag } from '../../platform/policy/index.js';

export const repoPolicy = definePolicy({
  aggregate: 'repo',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
    delete: holderOfTag,
    export: holderOfTag,
    /** A learner's view of a question: the question reader's sitting lock decides what it shows. */
    read: holderOfTag,
  },
});

guardEndpoints(repoPolicy, {
  [repoRepoSave.path]: ['edit', () => null],
  [repoRepoDetail.path]: ['view', (b) => b.id],
  [repoRepoDelete.path]: ['delete', (b) => b.ids],
  [repoRepoListStat.path]: ['view', (b) => b.ids],
  [repoQuPaging.path]: ['view', () => null],
  [repoQuStatReview.path]: ['view', () => null],
  [repoQuDetail.path]: ['view', (b) => b.id],
  [repoQuSave.path]: ['edit', () => null],
  [repoQuDelete.path]: ['delete', (b) => b.ids],
  [repoQuBatchMove.path]: ['edit', () => null],
  [repoQuBatchCopy.path]: ['edit', () => null],
  [repoQuExport.path]: ['export', () => null],
  [repoQuView.path]: ['read', (b) => b.id],
  // knowledge points are shared content too: the tags' holders change any point
  [repoKnowledgeSave.path]: ['edit', (b) => b.id ?? null],
  [repoKnowledgeMove.path]: ['edit', (b) => b.id],
  [repoKnowledgeMerge.path]: ['edit', (b) => [b.id, b.intoId]],
  [repoKnowledgeDelete.path]: ['delete', (b) => b.id],
  [repoKnowledgeMatrix.path]: ['view', (b) => b.repoId],
});
