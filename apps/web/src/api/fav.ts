/** Calls of favourites and notes (/api/train/fav/*, /api/train/note/*). */
import {
  trainFavDetail,
  trainFavPaging,
  trainFavSave,
  trainFavStateList,
  trainFavView,
  trainNoteDelete,
  trainNotePaging,
  trainNoteSave,
} from '@exam/contracts';
import { call } from './call';

export type FavList = 'fav' | 'note';

export const favApi = {
  detail: (quId: string) => call(trainFavDetail, { quId }),
  states: (quIds: string[]) => call(trainFavStateList, { quIds }),
  view: (quId: string) => call(trainFavView, { quId }),
  save: (quId: string, fav: boolean) => call(trainFavSave, { quId, fav }),
  saveNote: (quId: string, note: string) => call(trainNoteSave, { quId, note }),
  deleteNote: (quId: string) => call(trainNoteDelete, { quId }),
  paging: (list: FavList, current: number, size: number, keyword?: string) =>
    call(list === 'fav' ? trainFavPaging : trainNotePaging, { current, size, params: { keyword: keyword || null } }),
};
