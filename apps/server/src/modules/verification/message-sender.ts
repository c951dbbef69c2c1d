import type pg from 'pg';

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

export const createOutboxSender = (pool: pg.Pool, log?: (line: string) => void): MessageSender => ({
  name: 'outbox',
  send: async (message) => {
    await pool.query(
      `INSERT INTO outbox_messages (merchant_code, channel, recipient, template, params, body, provider, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'outbox', 'stored')`,
      [
        message.merchantCode,
        message.channel,
        message.recipient,
        message.template,
        JSON.stringify(message.params),
        message.body,
      ],
    );
    log?.(`[outbox] ${message.channel} to ${message.recipient}: ${message.body}`);
  },
});
