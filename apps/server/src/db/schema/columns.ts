/** Column helpers shared by every table. */
import { text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../../platform/ids.js';

/** Text primary key filled with a time-ordered id. */
export const idColumn = () => text('id').primaryKey().$defaultFn(newId);

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
