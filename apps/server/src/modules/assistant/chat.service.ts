/**
 * The learner's chat: history per learner, the context (their practice banks and
 * courses), and the refusal while a paper of theirs is open (an exam is not open-book for a chatbot).
 */
import type { TAssistantMsg } from '@exam/contracts';
import { desc, eq } from 'drizzle-orm';
import { elAssistantMsg, sysConfig } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import { myCourses } from '../course/learn.service.js';
import { practiceRepos } from '../train/train-query.service.js';
import type { LlmMessage } from './llm.js';
import { chatSystemPrompt } from './prompts.js';

/** How many earlier messages go with a question. */
const HISTORY_SENT = 10;
const HISTORY_SHOWN = 100;

export async function siteName(db: Executor): Promise<string> {
  const [row] = await db.select({ siteName: sysConfig.siteName }).from(sysConfig).where(eq(sysConfig.id, '1'));
  return row?.siteName ?? '在线考试培训平台';
}

export async function history(db: Executor, userId: string, limit = HISTORY_SHOWN): Promise<TAssistantMsg[]> {
  const rows = await db
    .select()
    .from(elAssistantMsg)
    .where(eq(elAssistantMsg.userId, userId))
    .orderBy(desc(elAssistantMsg.id))
    .limit(limit);
  return rows.reverse().map((r) => ({
    id: r.id,
    role: r.role === 'assistant' ? 'assistant' : 'user',
    content: r.content,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function clearHistory(db: Executor, userId: string): Promise<void> {
  await db.delete(elAssistantMsg).where(eq(elAssistantMsg.userId, userId));
}

export async function addMessage(db: Executor, userId: string, role: 'user' | 'assistant', content: string) {
  await db.insert(elAssistantMsg).values({ userId, role, content });
}

/** The messages sent for a question: the context, the last turns, the question. */
export async function chatMessages(
  db: Db,
  user: AuthUser,
  content: string,
  now: Date,
  zone: string,
): Promise<LlmMessage[]> {
  const banks = (await practiceRepos(db, user.id)).slice(0, 20).map((r) => r.title);
  const courses = (await myCourses(db, user, {}, 1, 20, now, zone)).records.map((c: { title: string }) => c.title);
  const earlier = await history(db, user.id, HISTORY_SENT);
  return [
    { role: 'system', content: chatSystemPrompt(await siteName(db), banks, courses) },
    ...earlier.map((m) => ({ role: m.role, content: m.content })),
    { role: 'user', content },
  ];
}
