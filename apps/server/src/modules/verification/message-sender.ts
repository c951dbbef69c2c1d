import type { Db } from '../../platform/db/database';
import { outboxMessages } from './verification.schema';

export interface OutgoingMessage {
  merchantCode: string;
  channel: 'sms' | 'email';
  recipient: string;
  template: string;
  params: Record<string, string | number>;
  body: string;
}

/**
 * Where SMS and e-mail go. The default keeps them in the outbox table (and the development log); a deployment
 * plugs in its provider by implementing `deliver` (see docs/runbooks/messaging.md).
 */
export interface MessageSender {
  readonly name: string;
  send: (message: OutgoingMessage) => Promise<void>;
}

export const createOutboxSender = (db: Db, log?: (line: string) => void): MessageSender => ({
  name: 'outbox',
  send: async (message) => {
    await db.insert(outboxMessages).values({ ...message, provider: 'outbox', status: 'stored' });
    log?.(`[outbox] ${message.channel} to ${message.recipient}: ${message.body}`);
  },
});
