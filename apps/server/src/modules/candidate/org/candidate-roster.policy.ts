/**
 * The policy of an exam's candidate list (the organiser's side of exams taken without an
 * account): every call names the exam, and the rule (roster-access.ts) answers the exam when the
 * administrator may see its candidates. The services then act only on candidates of that exam, so
 * an id of another exam's candidate is simply not found.
 */
import {
  candidateRosterConvert,
  candidateRosterDetail,
  candidateRosterExport,
  candidateRosterInterview,
  candidateRosterPaging,
  candidateRosterPosterExport,
  candidateRosterQrExport,
  candidateRosterSmsResult,
} from '@exam/contracts';
import { definePolicy, guardEndpoints, type PolicyContext } from '../../../platform/policy/index.js';
import { examForRoster } from './roster-access.js';

export const candidateRosterPolicy = definePolicy({
  aggregate: 'candidateRoster',
  rules: {
    /** 10010004 该考试不在您的数据权限范围内，不能查看其考生. */
    oversee: ({ db, actor }: PolicyContext, examId: string) => examForRoster(db, actor, examId),
  },
});

const byExam = (b: { examId?: string }) => b.examId ?? '';

guardEndpoints(candidateRosterPolicy, {
  [candidateRosterPaging.path]: ['oversee', (b) => b.params?.examId ?? ''],
  [candidateRosterDetail.path]: ['oversee', byExam],
  [candidateRosterExport.path]: ['oversee', byExam],
  [candidateRosterInterview.path]: ['oversee', byExam],
  [candidateRosterSmsResult.path]: ['oversee', byExam],
  [candidateRosterConvert.path]: ['oversee', byExam],
  [candidateRosterQrExport.path]: ['oversee', byExam],
  [candidateRosterPosterExport.path]: ['oversee', byExam],
});
