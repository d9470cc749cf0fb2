/** Calls of regrading (/api/exam/regrade/*) and marking by question (/api/paper/mark-qu/*). */
import {
  type BodyIn,
  examRegradeDetail,
  examRegradeJobList,
  examRegradeQuestionList,
  examRegradeReportPaging,
  examRegradeStart,
  paperMarkQuArbitrate,
  paperMarkQuArbitrationList,
  paperMarkQuList,
  paperMarkQuQuestionList,
  paperMarkQuSave,
  paperMarkQuSettingDetail,
  paperMarkQuSettingSave,
  type TMarkSetting,
} from '@exam/contracts';
import { call } from './call';

export const regradeApi = {
  questions: (examId: string) => call(examRegradeQuestionList, { examId }),
  start: (body: BodyIn<typeof examRegradeStart>) => call(examRegradeStart, body),
  progress: (id: string) => call(examRegradeDetail, { id }),
  jobs: (examId: string) => call(examRegradeJobList, { examId }),
  report: (body: BodyIn<typeof examRegradeReportPaging>) => call(examRegradeReportPaging, body),
};

export const markQuApi = {
  questions: (examId: string) => call(paperMarkQuQuestionList, { examId }),
  board: (examId: string, quId: string, arbitrate: boolean) =>
    call(arbitrate ? paperMarkQuArbitrationList : paperMarkQuList, { examId, quId }),
  save: (body: BodyIn<typeof paperMarkQuSave>, arbitrate: boolean) =>
    call(arbitrate ? paperMarkQuArbitrate : paperMarkQuSave, body),
  setting: (examId: string) => call(paperMarkQuSettingDetail, { examId }),
  saveSetting: (body: TMarkSetting) => call(paperMarkQuSettingSave, body),
};
