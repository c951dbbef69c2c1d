import {
  auditActions,
  contractKinds,
  contractStatuses,
  dividendPeriods,
  type errorCatalogue,
  fieldErrorCodes,
  gameCategories,
  loginVerifyMethods,
  memberTransactionTypes,
  moduleIds,
  operatorRoles,
  registrationFieldNames,
  settlementPeriods,
  statementStatuses,
} from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { loginMethods, loginReasons } from '../features/members/lib/login-outcome';
import { memberKinds } from '../features/members/lib/member-type';
import { settingsSections } from '../features/merchants/lib/settings-sections';
import { outboxStatuses, outboxTemplates } from '../features/verification/lib/outbox-labels';
import cn from './CN/admin.json';
import en from './EN/admin.json';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (catalogue: Record<string, string>) =>
  new Set(Object.keys(catalogue).map((key) => key.replace(PLURAL, '')));
const enKeys = baseKeys(en);

const sources = import.meta.glob<string>(['../**/*.tsx', '../**/*.ts', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translation catalogues', () => {
  it('Chinese has exactly the English keys (plural forms aside), none empty', () => {
    expect([...baseKeys(cn)].sort()).toEqual([...enKeys].sort());
    for (const catalogue of [en, cn] as Record<string, string>[]) {
      for (const [key, value] of Object.entries(catalogue)) expect(value.trim(), key).not.toBe('');
    }
  });

  it('translates every error code the back office can receive, and every field error code', () => {
    // Codes of the back-office endpoints and of the site status call the settings page makes. Other codes of the
    // catalogue are translated too where known; an unknown one reads as `unknown_error`.
    const adminCodes: (keyof typeof errorCatalogue)[] = [
      'validation_failed',
      'malformed_json',
      'unsupported_media_type',
      'payload_too_large',
      'not_found',
      'method_not_allowed',
      'too_many_requests',
      'merchant_unknown',
      'merchant_disabled',
      'broadcast_not_scheduled',
      'login.not.session',
      'forbidden',
      'operator_login_failed',
      'operator_locked',
      'unknown_error',
      'in_network_again',
      'timeout_retry_please',
      'conflict',
    ];
    for (const code of adminCodes) expect(enKeys, code).toContain(`errors.${code}`);
    for (const code of [...fieldErrorCodes, 'domain_taken', 'username_taken', 'shortcut_taken', 'module_id_unknown']) {
      expect(enKeys, code).toContain(`fieldErrors.${code}`);
    }
  });

  it('names every member type, login method and reason, outbox template and status, and verification method', () => {
    const expected = [
      ...memberKinds.map((kind) => `memberTypes.${kind}`),
      ...loginMethods.map((method) => `loginMethods.${method}`),
      ...[...loginReasons, 'other'].map((reason) => `loginReasons.${reason}`),
      'loginResults.success',
      ...outboxTemplates.map((template) => `outboxTemplates.${template}`),
      ...outboxStatuses.map((status) => `outboxStatuses.${status}`),
      ...loginVerifyMethods.flatMap((method) => [
        `settings.loginVerification.${method}`,
        `settings.loginVerification.${method}Hint`,
      ]),
    ];
    for (const key of expected) expect(enKeys, key).toContain(key);
  });

  it('names every module, registration field, pattern id, role, audit action, game category, settings section and movement type', () => {
    const expected = [
      ...moduleIds.map((id) => `modules.${id}`),
      ...registrationFieldNames.map((name) => `registerFields.${name}`),
      ...Array.from({ length: 22 }, (_, id) => `patternIds.${id}`),
      ...operatorRoles.map((role) => `roles.${role}`),
      ...auditActions.map((action) => `auditActions.${action}`),
      ...gameCategories.map((category) => `rebate.categories.${category}`),
      ...memberTransactionTypes.map((type) => `cashier.types.${type}`),
      ...settingsSections.flatMap((section) => [`settings.${section}.nav`, `settings.${section}.title`]),
      ...contractKinds.map((kind) => `agentContracts.kinds.${kind}`),
      ...contractStatuses.map((status) => `agentContracts.statuses.${status}`),
      ...statementStatuses.map((status) => `agentContracts.statementStatuses.${status}`),
      ...[...dividendPeriods, ...settlementPeriods].map((period) => `agentContracts.periods.${period}`),
      ...['settled', 'failed'].map((status) => `agentContracts.runStatuses.${status}`),
      ...['platform', 'upline'].map((payer) => `agentContracts.payers.${payer}`),
    ];
    for (const key of expected) expect(enKeys, key).toContain(key);
  });

  it('has every key the code asks for by name', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) if (match[1]) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((key) => !enKeys.has(key));
    expect(missing).toEqual([]);
  });
});
