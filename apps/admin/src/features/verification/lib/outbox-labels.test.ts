import { describe, expect, it } from 'vitest';
import { outboxPageSizeOf, outboxStatusKey, outboxStatusTone, outboxTemplateKey } from './outbox-labels';

describe('outbox labels', () => {
  it('names known templates and statuses and leaves others raw', () => {
    expect(outboxTemplateKey('verification_register')).toBe('outboxTemplates.verification_register');
    expect(outboxTemplateKey('password_reset_link')).toBe('outboxTemplates.password_reset_link');
    expect(outboxTemplateKey('promo_weekly')).toBeNull();
    expect(outboxStatusKey('stored')).toBe('outboxStatuses.stored');
    expect(outboxStatusKey('queued')).toBeNull();
  });

  it('colours a status by what happened to the message', () => {
    expect(outboxStatusTone('sent')).toBe('success');
    expect(outboxStatusTone('failed')).toBe('danger');
    expect(outboxStatusTone('stored')).toBe('info');
    expect(outboxStatusTone('queued')).toBe('neutral');
  });

  it('takes a page size from the URL only when the page offers it', () => {
    expect(outboxPageSizeOf('20')).toBe(20);
    expect(outboxPageSizeOf('100')).toBe(100);
    expect(outboxPageSizeOf('7')).toBe(50);
    expect(outboxPageSizeOf(null)).toBe(50);
    expect(outboxPageSizeOf('abc')).toBe(50);
  });
});
