/** Calls of favourites and notes (/api/train/fav/*, /api/train/note/*). */
import { trainFavPaging, trainNotePaging } from '@exam/contracts';
import { call } from './call';

export type FavList = 'fav' | 'note';

export const favApi = {
  paging: (list: FavList, current: number, size: number, keyword?: string) =>
    call(list === 'fav' ? trainFavPaging : trainNotePaging, { current, size, params: { keyword: keyword || null } }),
};
