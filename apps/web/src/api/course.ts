/** Calls of the course module (课程学习): administration, the learner's catalogue, detail and heartbeat. */
import type { TCourseCategory, TCourseSave, THeartbeat } from '@exam/contracts';
import {
  commonFileUpload,
  courseCategoryDelete,
  courseCategorySave,
  courseCategoryTree,
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
  courseLearnMyStudy,
  courseStatExport,
  courseStatPaging,
  courseStatSummary,
} from '@exam/contracts';
import { call, callDownload, callUpload } from './call';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}
export type CourseParams = { title?: string | null; categoryId?: string | null; state?: number | null };
export type MyCourseParams = { status?: number | null; categoryId?: string | null; title?: string | null };

/** The bytes of a course file for the player (the session cookie is the check; Range is supported). */
export const courseContentUrl = (fileId: string, pdf = false) =>
  `/api/course/file/content/${encodeURIComponent(fileId)}${pdf ? '?pdf=1' : ''}`;

export const courseApi = {
  categoryTree: (): Promise<TCourseCategory[]> => call(courseCategoryTree, {}),
  saveCategory: (data: { id?: string | null; parentId?: string | null; name: string; sort?: number }) =>
    call(courseCategorySave, data),
  deleteCategory: (id: string) => call(courseCategoryDelete, { id }),
  paging: (req: PageReq<CourseParams>) => call(courseCoursePaging, req),
  detail: (id: string) => call(courseCourseDetail, { id }),
  save: (data: TCourseSave) => call(courseCourseSave, data),
  publish: (id: string, state: 0 | 1) => call(courseCoursePublish, { id, state }),
  remove: (ids: string[]) => call(courseCourseDelete, { ids }),
  saveChapter: (data: { id?: string | null; courseId: string; title: string; sort?: number }) =>
    call(courseChapterSave, data),
  deleteChapter: (id: string) => call(courseChapterDelete, { id }),
  saveFile: (data: {
    id?: string | null;
    chapterId: string;
    fileId: string;
    title: string;
    minReadSeconds?: number;
    required?: boolean;
    sort?: number;
  }) => call(courseFileSave, data),
  deleteFile: (id: string) => call(courseFileDelete, { id }),
  /** Course material: private, purpose course (size and type limits on the server). */
  upload: (file: File, onProgress: (percent: number) => void) =>
    callUpload(commonFileUpload, file, { purpose: 'course', audience: 'private' }, onProgress),
  myPaging: (req: PageReq<MyCourseParams>) => call(courseLearnMyPaging, req),
  myStudy: () => call(courseLearnMyStudy, {}),
  learnDetail: (id: string) => call(courseLearnDetail, { id }),
  heartbeat: (beat: THeartbeat) => call(courseLearnHeartbeat, beat, { silent: true }),
  fileProgress: (id: string) => call(courseLearnFileProgress, { id }),
};

export type CourseStatParams = { courseId: string; deptId?: string | null; realName?: string | null };
export const courseStatApi = {
  paging: (req: PageReq<CourseStatParams>) => call(courseStatPaging, req),
  summary: (p: CourseStatParams) => call(courseStatSummary, p),
  export: (p: CourseStatParams, fileName: string) => callDownload(courseStatExport, p, fileName),
};
