/** The teaching assistant's calls; rules in the services beside. */
import {
  ASSISTANT_CHAT_PATH,
  ASSISTANT_EXPLAIN_PATH,
  assistantClear,
  assistantConfDetail,
  assistantConfSave,
  assistantDraft,
  assistantDraftDoc,
  assistantHistory,
  assistantMarkSuggest,
  assistantStatus,
  ZAssistantChatSchema,
  ZAssistantExplainSchema,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../../platform/policy/index.js';
import { route, routeUpload } from '../../platform/route.js';
import { conversationPolicy } from './assistant.policy.js';
import { confDetail, isOn, readSettings, saveConf } from './assistant-config.js';
import { addMessage, chatMessages, clearHistory, history, siteName } from './chat.service.js';
import { uploadedDocumentText } from './doc-text.js';
import { explainInput } from './explain.js';
import { draftQuestions, suggestMark } from './helpers.service.js';
import { explainMessages, explainTitle } from './prompts.js';
import { forgetReachable, reachable } from './reachable.js';
import { registerStream, settingsWhenOn } from './stream.js';

const TAGS = ['学习助教'];

export function registerAssistantRoutes(app: FastifyInstance): void {
  route(app, assistantStatus, { summary: '学习助教状态', tags: TAGS }, async () => {
    const s = await readSettings(app.deps.db);
    if (!isOn(s)) return { enabled: false, reachable: false, invite: false };
    const up = await reachable(s);
    return { enabled: true, reachable: up, invite: up && s.invite };
  });
  route(app, assistantHistory, { summary: '学习助教对话记录', tags: TAGS }, async ({ user, deps }) =>
    history(deps.db, user.id),
  );
  route(app, assistantClear, { summary: '清空学习助教对话', tags: TAGS }, async ({ user, deps }) => {
    await clearHistory(deps.db, user.id);
    return null;
  });
  route(app, assistantConfDetail, { summary: '学习助教配置', tags: TAGS }, async ({ deps }) => confDetail(deps.db));
  route(app, assistantConfSave, { summary: '保存学习助教配置', tags: TAGS }, async ({ body, deps }) => {
    await saveConf(deps.db, body);
    forgetReachable();
    return null;
  });
  route(app, assistantDraft, { summary: 'AI 出题（草稿）', tags: TAGS }, async ({ body, user, deps }) =>
    draftQuestions(deps.db, user, await settingsWhenOn(app), body, deps.clock(), deps.config.timeZone),
  );
  // The document's text only: the draft itself is the call above, after the administrator saw it.
  routeUpload(app, assistantDraftDoc, { summary: 'AI 出题：读取课程文档', tags: TAGS }, async ({ request }) =>
    uploadedDocumentText(request),
  );
  route(app, assistantMarkSuggest, { summary: 'AI 建议评分', tags: TAGS }, async ({ body, user, deps }) =>
    suggestMark(deps.db, user, await settingsWhenOn(app), body, deps.clock(), deps.config.timeZone),
  );

  const keep = async (app: FastifyInstance, user: { id: string }, question: string, answer: string) => {
    await addMessage(app.deps.db, user.id, 'user', question);
    await addMessage(app.deps.db, user.id, 'assistant', answer);
  };
  registerStream(app, {
    path: ASSISTANT_CHAT_PATH,
    summary: '向学习助教提问（流式）',
    kind: 'chat',
    body: ZAssistantChatSchema,
    plan: async (app, user, body, now) => {
      await authorize(app.deps.db, user, conversationPolicy, 'ask', null);
      const messages = await chatMessages(app.deps.db, user, body.content, now, app.deps.config.timeZone);
      return { messages, question: body.content };
    },
    keep,
  });
  registerStream(app, {
    path: ASSISTANT_EXPLAIN_PATH,
    summary: '讲解这道题（流式）',
    kind: 'explain',
    body: ZAssistantExplainSchema,
    plan: async (app, user, body, now) => {
      await authorize(app.deps.db, user, conversationPolicy, 'ask', null);
      const q = await explainInput(app.deps.db, user.id, body, now);
      return { messages: explainMessages(await siteName(app.deps.db), q), question: explainTitle(q.content) };
    },
    keep,
  });
}
