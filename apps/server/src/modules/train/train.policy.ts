/**
 * The practice policy: practice sessions, the wrong-answer book, favourites and notes are a
 * learner's own (read with their id: another's is not found); a bank is practised only when open
 * to practice (train.service.ts: 该题库未开放练习). The statistics show the learners of the
 * administrator's data scope (train-stat.service.ts).
 */
import {
  bookDelete,
  bookNext,
  bookPaging,
  bookSubmit,
  trainClear,
  trainDetail,
  trainFavDetail,
  trainFavSave,
  trainFavStateList,
  trainFavView,
  trainFill,
  trainFinish,
  trainMasteryDeptStat,
  trainMasteryExport,
  trainMasteryMine,
  trainNext,
  trainNoteDelete,
  trainNoteSave,
  trainPaging,
  trainRepoDetail,
  trainSelfMark,
  trainStart,
  trainStatByRepo,
  trainStatByUser,
  trainStatExport,
} from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag, ownRowsOnly } from '../../platform/policy/index.js';

export const trainPolicy = definePolicy({
  aggregate: 'train',
  rules: {
    practise: ownRowsOnly,
    book: ownRowsOnly,
    note: ownRowsOnly,
    stat: holderOfTag,
    /** The learner's own mastery; the heat map shows the scope's learners (mastery/mastery.service.ts). */
    mastery: ownRowsOnly,
    masteryMap: holderOfTag,
  },
});

guardEndpoints(trainPolicy, {
  [trainRepoDetail.path]: ['practise', (b) => b.id],
  [trainStart.path]: ['practise', () => null],
  [trainNext.path]: ['practise', () => null],
  [trainFill.path]: ['practise', () => null],
  [trainSelfMark.path]: ['practise', () => null],
  [trainFinish.path]: ['practise', () => null],
  [trainDetail.path]: ['practise', () => null],
  [trainPaging.path]: ['practise', () => null],
  [trainClear.path]: ['practise', () => null],
  [bookPaging.path]: ['book', () => null],
  [bookDelete.path]: ['book', (b) => b.ids],
  [bookNext.path]: ['book', () => null],
  [bookSubmit.path]: ['book', (b) => b.id],
  [trainFavSave.path]: ['note', () => null],
  [trainFavDetail.path]: ['note', () => null],
  [trainFavStateList.path]: ['note', () => null],
  [trainFavView.path]: ['note', () => null],
  [trainNoteSave.path]: ['note', () => null],
  [trainNoteDelete.path]: ['note', () => null],
  [trainStatByRepo.path]: ['stat', () => null],
  [trainStatByUser.path]: ['stat', () => null],
  [trainStatExport.path]: ['stat', () => null],
  [trainMasteryMine.path]: ['mastery', () => null],
  [trainMasteryDeptStat.path]: ['masteryMap', (b) => b.parentId ?? null],
  [trainMasteryExport.path]: ['masteryMap', (b) => b.parentId ?? null],
});
