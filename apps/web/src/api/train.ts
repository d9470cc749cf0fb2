/** Calls of practice and spaced review (/api/train/*). */
import type {
  TAnswerValue,
  TPage,
  TReviewStat,
  TTrainDetail,
  TTrainFillResult,
  TTrainQu,
  TTrainRecord,
  TTrainRepo,
  TTrainRepoDetail,
  TTrainStart,
  TTrainStarted,
  TTrainStatRepo,
  TTrainStatUser,
} from '@exam/contracts';
import { download, post } from './request';

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
  repoList: (title?: string) => post<TTrainRepo[]>('/api/train/repo/list', { title }),
  repoDetail: (id: string) => post<TTrainRepoDetail>('/api/train/repo/detail', { id }),
  start: (data: TTrainStart) => post<TTrainStarted>('/api/train/start', data),
  next: (trainId: string, sort: number) => post<TTrainQu>('/api/train/next', { trainId, sort }),
  fill: (
    data: { trainId: string; quId: string; answer: TAnswerValue; childAnswers?: Record<string, TAnswerValue> },
    options?: { silent?: boolean },
  ) => post<TTrainFillResult>('/api/train/fill', data, options),
  finish: (trainId: string) => post<TTrainDetail>('/api/train/finish', { trainId }),
  detail: (trainId: string) => post<TTrainDetail>('/api/train/detail', { trainId }),
  paging: (req: PageReq<{ repoId?: string; mode?: number }>) => post<TPage<TTrainRecord>>('/api/train/paging', req),
  clear: (repoId: string, mode: number) => post<null>('/api/train/clear', { repoId, mode }),
  reviewStat: () => post<TReviewStat>('/api/train/review/stat', {}, { silent: true }),
  reviewStart: () => post<TTrainStarted>('/api/train/review/start', {}),
  statByRepo: (req: PageReq<StatParams>) => post<TPage<TTrainStatRepo>>('/api/train/stat/by-repo', req),
  statByUser: (req: PageReq<StatParams>) => post<TPage<TTrainStatUser>>('/api/train/stat/by-user', req),
  statExport: (params: StatParams) => download('/api/train/stat/export', { params }, '练习统计.xlsx'),
};

/** "12分05秒" from seconds. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}小时${m}分${sec}秒` : m ? `${m}分${sec}秒` : `${sec}秒`;
}
