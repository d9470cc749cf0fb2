/**
 * The teaching assistant (学习助教): a learner's conversation, the model calls' log and the
 * API key. The switches, base URL and model live in the dictionary aiExam_conf (assistant-config.ts);
 * the key lives here so that the dictionary, which every signed-in user may read, never holds it.
 */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';

/** One message of a learner's conversation with the assistant (role 'user' or 'assistant'). */
export const elAssistantMsg = pgTable(
  'el_assistant_msg',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('el_assistant_msg_user_idx').on(t.userId, t.id)],
);

/**
 * Every call to the model: who, when, what for, tokens and latency; `content` (prompt and answer)
 * only while the audit switch is on.
 */
export const elAssistantCall = pgTable(
  'el_assistant_call',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    /** chat, explain, draft, mark */
    kind: text('kind').notNull(),
    model: text('model').notNull().default(''),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    ok: boolean('ok').notNull().default(true),
    /** ok, cancelled, timeout, unreachable, upstream */
    outcome: text('outcome').notNull().default('ok'),
    content: text('content'),
    createdAt: createdAt(),
  },
  (t) => [index('el_assistant_call_user_idx').on(t.userId, t.createdAt)],
);

/** The API key of the configured endpoint (one row, id '1'); never answered to a browser. */
export const elAssistantKey = pgTable('el_assistant_key', {
  id: text('id').primaryKey(),
  apiKey: text('api_key').notNull().default(''),
  updatedAt: updatedAt(),
});
