/**
 * The course's policy. Courses, their chapters and files are shared content managed by the holders
 * of the course pages' tags; an audience names only departments and users of the administrator's
 * scope (the audience policy, asked by course.service.ts); the statistics show the learners of
 * their scope (course-stat.service.ts). A learner opens a course and its files only when published
 * to them (learn.service.ts reads it with the audience condition: another's is not found).
 */
import {
  courseCategoryDelete,
  courseCategorySave,
  courseChapterDelete,
  courseChapterSave,
  courseCourseDelete,
  courseCourseDetail,
  courseCoursePaging,
  courseCoursePublish,
  courseCourseSave,
  courseFileDelete,
  courseFileSave,
  courseLearnDetail,
  courseLearnFileProgress,
  courseLearnHeartbeat,
  courseLearnMyPaging,
  courseStatExport,
  courseStatPaging,
  courseStatSummary,
} from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag, ownRowsOnly } from '../../platform/policy/index.js';

export const coursePolicy = definePolicy({
  aggregate: 'course',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
    publish: holderOfTag,
    delete: holderOfTag,
    stat: holderOfTag,
    learn: ownRowsOnly,
  },
});

guardEndpoints(coursePolicy, {
  [courseCategorySave.path]: ['edit', () => null],
  [courseCategoryDelete.path]: ['edit', () => null],
  [courseCoursePaging.path]: ['view', () => null],
  [courseCourseDetail.path]: ['view', (b) => b.id],
  [courseCourseSave.path]: ['edit', () => null],
  [courseCoursePublish.path]: ['publish', (b) => b.id],
  [courseCourseDelete.path]: ['delete', (b) => b.ids],
  [courseChapterSave.path]: ['edit', () => null],
  [courseChapterDelete.path]: ['edit', () => null],
  [courseFileSave.path]: ['edit', () => null],
  [courseFileDelete.path]: ['edit', () => null],
  [courseLearnMyPaging.path]: ['learn', () => null],
  [courseLearnDetail.path]: ['learn', (b) => b.id],
  [courseLearnHeartbeat.path]: ['learn', () => null],
  [courseLearnFileProgress.path]: ['learn', () => null],
  [courseStatPaging.path]: ['stat', () => null],
  [courseStatSummary.path]: ['stat', () => null],
  [courseStatExport.path]: ['stat', () => null],
});
