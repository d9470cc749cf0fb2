/** Endpoints of favourites and notes (train/fav). */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { zPage, zPageRequest } from '../envelope.js';
import {
  ZFavPagingParamsSchema,
  ZFavQuIdSchema,
  ZFavRecordSchema,
  ZFavSaveSchema,
  ZFavStateListSchema,
  ZFavStateSchema,
  ZFavViewSchema,
  ZNoteSaveSchema,
} from '../train-fav.js';

export const trainFavSave = endpoint({
  path: '/api/train/fav/save',
  body: ZFavSaveSchema,
  data: ZFavStateSchema,
  access: 'user',
  operation: false,
});

export const trainFavDetail = endpoint({
  path: '/api/train/fav/detail',
  body: ZFavQuIdSchema,
  data: ZFavStateSchema,
  access: 'user',
  operation: false,
});

export const trainFavStateList = endpoint({
  path: '/api/train/fav/state-list',
  body: ZFavStateListSchema,
  data: z.array(ZFavStateSchema),
  access: 'user',
  operation: false,
});

export const trainFavView = endpoint({
  path: '/api/train/fav/view',
  body: ZFavQuIdSchema,
  data: ZFavViewSchema,
  access: 'user',
  operation: false,
});

export const trainFavPaging = endpoint({
  path: '/api/train/fav/paging',
  body: zPageRequest(ZFavPagingParamsSchema),
  data: zPage(ZFavRecordSchema),
  access: 'user',
  operation: false,
});

export const trainNoteSave = endpoint({
  path: '/api/train/note/save',
  body: ZNoteSaveSchema,
  data: ZFavStateSchema,
  access: 'user',
  operation: false,
});

export const trainNoteDelete = endpoint({
  path: '/api/train/note/delete',
  body: ZFavQuIdSchema,
  data: ZFavStateSchema,
  access: 'user',
  operation: false,
});

export const trainNotePaging = endpoint({
  path: '/api/train/note/paging',
  body: zPageRequest(ZFavPagingParamsSchema),
  data: zPage(ZFavRecordSchema),
  access: 'user',
  operation: false,
});
