/** Templates the platform sends (verification codes by purpose, the password reset link). */
export const outboxTemplates = [
  'verification_login',
  'verification_register',
  'verification_reset',
  'verification_verify_ip',
  'password_reset_link',
] as const;

/** Outbox statuses: kept by the built-in provider, or handed to a real provider. */
export const outboxStatuses = ['stored', 'sent', 'failed'] as const;

export type OutboxStatusTone = 'neutral' | 'success' | 'danger' | 'info';

export const outboxStatusTone = (status: string): OutboxStatusTone => {
  if (status === 'sent') return 'success';
  if (status === 'failed') return 'danger';
  if (status === 'stored') return 'info';
  return 'neutral';
};

/** The i18n key of a known template or status, or null to show the raw code. */
export const outboxTemplateKey = (template: string): string | null =>
  (outboxTemplates as readonly string[]).includes(template) ? `outboxTemplates.${template}` : null;

export const outboxStatusKey = (status: string): string | null =>
  (outboxStatuses as readonly string[]).includes(status) ? `outboxStatuses.${status}` : null;

export const outboxPageSizes = [20, 50, 100] as const;

/** A page size from the URL, or the default when it is not one the page offers. */
export const outboxPageSizeOf = (value: string | null): number => {
  const size = Number(value);
  return (outboxPageSizes as readonly number[]).includes(size) ? size : outboxPageSizes[1];
};
