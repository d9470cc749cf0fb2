/** Calls of practice and spaced review (/api/train/*). */
import type { TAnswerValue, TTrainSelfMark, TTrainStart } from '@exam/contracts';
import {
  trainClear,
  trainDetail,
  trainFill,
  trainFinish,
  trainNext,
  trainPaging,
  trainRepoDetail,
  trainRepoList,
  trainReviewStart,
  trainReviewStat,
  trainSelfMark,
  trainStart,
  trainStatByRepo,
  trainStatByUser,
  trainStatExport,
} from '@exam/contracts';
import { call, callDownload } from './call';
import type { RequestOptions } from './request';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

export interface StatParams {
  repoId?: string;
  keyword?: string;
}

export const trainApi = {
  repoList: (title?: string) => call(trainRepoList, { title }),
  repoDetail: (id: string) => call(trainRepoDetail, { id }),
  start: (data: TTrainStart) => call(trainStart, data),
  next: (trainId: string, sort: number) => call(trainNext, { trainId, sort }),
  fill: (
    data: {
      trainId: string;
      quId: string;
      answer: TAnswerValue;
      childAnswers?: Record<string, TAnswerValue> | null;
      seq?: number | null;
    },
    options?: { silent?: boolean },
  ) => call(trainFill, data, options),
  selfMark: (data: TTrainSelfMark) => call(trainSelfMark, data),
  finish: (trainId: string) => call(trainFinish, { trainId }),
  detail: (trainId: string) => call(trainDetail, { trainId }),
  paging: (req: PageReq<{ repoId?: string; mode?: number }>, options?: RequestOptions) =>
    call(trainPaging, req, options),
  clear: (repoId: string, mode: number) => call(trainClear, { repoId, mode }),
  reviewStat: () => call(trainReviewStat, {}, { silent: true }),
  reviewStart: () => call(trainReviewStart, {}),
  statByRepo: (req: PageReq<StatParams>) => call(trainStatByRepo, req),
  statByUser: (req: PageReq<StatParams>) => call(trainStatByUser, req),
  statExport: (params: StatParams) => callDownload(trainStatExport, { params }, '练习统计.xlsx'),
};

/** "12分05秒" from seconds. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}小时${m}分${sec}秒` : m ? `${m}分${sec}秒` : `${sec}秒`;
}
