/** Calls of regrading (/api/exam/regrade/*) and marking by question (/api/paper/mark-qu/*). */
import {
  type BodyIn,
  examRegradeJobs,
  examRegradeProgress,
  examRegradeQuestions,
  examRegradeReport,
  examRegradeStart,
  paperMarkQuArbitrate,
  paperMarkQuArbitration,
  paperMarkQuList,
  paperMarkQuQuestions,
  paperMarkQuSave,
  paperMarkQuSetting,
  paperMarkQuSettingSave,
  type TMarkSetting,
} from '@exam/contracts';
import { call } from './call';

export const regradeApi = {
  questions: (examId: string) => call(examRegradeQuestions, { examId }),
  start: (body: BodyIn<typeof examRegradeStart>) => call(examRegradeStart, body),
  progress: (id: string) => call(examRegradeProgress, { id }),
  jobs: (examId: string) => call(examRegradeJobs, { examId }),
  report: (body: BodyIn<typeof examRegradeReport>) => call(examRegradeReport, body),
};

export const markQuApi = {
  questions: (examId: string) => call(paperMarkQuQuestions, { examId }),
  board: (examId: string, quId: string, arbitrate: boolean) =>
    call(arbitrate ? paperMarkQuArbitration : paperMarkQuList, { examId, quId }),
  save: (body: BodyIn<typeof paperMarkQuSave>, arbitrate: boolean) =>
    call(arbitrate ? paperMarkQuArbitrate : paperMarkQuSave, body),
  setting: (examId: string) => call(paperMarkQuSetting, { examId }),
  saveSetting: (body: TMarkSetting) => call(paperMarkQuSettingSave, body),
};
