/** The column kinds every module's tables share. */
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension): e-mails compare without case. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
export const stampedNow = (name: string) => ts(name).notNull().defaultNow();
