/**
 * What the course pages need beyond a plain `call(endpoint, body)` (they call the course endpoints
 * of @exam/contracts directly): the player's file address, the material upload with its fixed
 * purpose and progress, and the learner's heartbeat, which never shows an error (the players retry).
 */
import { commonFileUpload, courseLearnHeartbeat, type THeartbeat } from '@exam/contracts';
import { call, callUpload } from './call';

/** The bytes of a course file for the player (the session cookie is the check; Range is supported). */
export const courseContentUrl = (fileId: string, pdf = false) =>
  `/api/course/file/content/${encodeURIComponent(fileId)}${pdf ? '?pdf=1' : ''}`;

/** Course material: private, purpose course (size and type limits on the server). */
export const uploadCourseFile = (file: File, onProgress: (percent: number) => void) =>
  callUpload(commonFileUpload, file, { purpose: 'course', audience: 'private' }, onProgress);

/** One beat of the learner's player: progress credited so far; silent, the player beats again. */
export const courseHeartbeat = (beat: THeartbeat) => call(courseLearnHeartbeat, beat, { silent: true });
