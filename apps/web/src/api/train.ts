/** Calls of practice and spaced review (/api/train/*). */
import type { TAnswerValue } from '@exam/contracts';
import { trainFill, trainPaging, trainRepoList } from '@exam/contracts';
import { call, type PageRequest } from './call';
import type { RequestOptions } from './request';

export interface StatParams {
  repoId?: string;
  keyword?: string;
}

export const trainApi = {
  repoList: (title?: string) => call(trainRepoList, { title }),
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
  paging: (req: PageRequest<{ repoId?: string; mode?: number }>, options?: RequestOptions) =>
    call(trainPaging, req, options),
};

/** "12分05秒" from seconds. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}小时${m}分${sec}秒` : m ? `${m}分${sec}秒` : `${sec}秒`;
}
