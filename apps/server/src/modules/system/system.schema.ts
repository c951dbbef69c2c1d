import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Captcha answers (HMAC only), single use and short-lived, bound to the browser by the captchaId cookie. */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('captchas_expiry_idx').on(table.expiresAt)],
);
