/**
 * Marking by question: the two calls that pick their endpoint by the marker's role (arbitration or
 * marking). Pages call the other regrade and mark-qu endpoints of @exam/contracts directly.
 */
import {
  type BodyIn,
  paperMarkQuArbitrate,
  paperMarkQuArbitrationList,
  paperMarkQuList,
  paperMarkQuSave,
} from '@exam/contracts';
import { call } from './call';

export const markQuApi = {
  board: (examId: string, quId: string, arbitrate: boolean) =>
    call(arbitrate ? paperMarkQuArbitrationList : paperMarkQuList, { examId, quId }),
  save: (body: BodyIn<typeof paperMarkQuSave>, arbitrate: boolean) =>
    call(arbitrate ? paperMarkQuArbitrate : paperMarkQuSave, body),
};
