/**
 * The notice module's one call that does more than name an endpoint (pages call the notice endpoints
 * of @exam/contracts directly): attachments upload as private files.
 */
import { commonFileUpload } from '@exam/contracts';
import { callUpload } from './call';

export const noticeApi = {
  /** Attachments are private files: only signed-in users can fetch them. */
  uploadAttachment: (file: File) => callUpload(commonFileUpload, file, { audience: 'private' }),
};
