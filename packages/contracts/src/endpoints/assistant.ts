/** The teaching assistant; the streamed chat and explain calls are in ../assistant.ts. */
import { z } from 'zod';
import {
  ZAssistantConfSchema,
  ZAssistantDocTextSchema,
  ZAssistantDraftQuSchema,
  ZAssistantDraftSchema,
  ZAssistantMarkSuggestionSchema,
  ZAssistantMarkSuggestSchema,
  ZAssistantMsgSchema,
  ZAssistantStatusSchema,
} from '../assistant.js';
import { endpoint, uploadEndpoint } from '../endpoint.js';

export const assistantStatus = endpoint({
  path: '/api/assistant/status',
  data: ZAssistantStatusSchema,
  access: 'user',
  operation: false,
});

export const assistantHistory = endpoint({
  path: '/api/assistant/history',
  data: z.array(ZAssistantMsgSchema),
  access: 'user',
  operation: false,
});

export const assistantClear = endpoint({
  path: '/api/assistant/clear',
  data: z.null(),
  access: 'user',
  operation: false,
});

export const assistantConfDetail = endpoint({
  path: '/api/assistant/conf/detail',
  data: ZAssistantConfSchema,
  access: { permission: 'sys:assistant:view' },
  operation: false,
});

export const assistantConfSave = endpoint({
  path: '/api/assistant/conf/save',
  body: ZAssistantConfSchema,
  data: z.null(),
  access: { permission: 'sys:assistant:save' },
  operation: true,
});

export const assistantDraft = endpoint({
  path: '/api/assistant/draft',
  body: ZAssistantDraftSchema,
  data: z.array(ZAssistantDraftQuSchema),
  access: { permission: 'repo:qu:save' },
  operation: true,
});

/** Reads the text of an uploaded course document (.docx, .pdf, .txt, .md) for 从文档出题; saves nothing. */
export const assistantDraftDoc = uploadEndpoint({
  path: '/api/assistant/draft/doc',
  data: ZAssistantDocTextSchema,
  access: { permission: 'repo:qu:save' },
  operation: true,
});

export const assistantMarkSuggest = endpoint({
  path: '/api/assistant/mark-suggest',
  body: ZAssistantMarkSuggestSchema,
  data: ZAssistantMarkSuggestionSchema,
  access: { permission: 'exam:mark:save' },
  operation: true,
});
