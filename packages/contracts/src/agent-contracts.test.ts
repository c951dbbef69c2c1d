import { describe, expect, it } from 'vitest';
import { contractSettingsSchema, runRerunnable } from './agent-contracts';
import { issuesToFieldErrors } from './field-errors';

const valid = {
  payer: 'upline',
  allowedKinds: ['daily', 'realtime'],
  maxRates: { dividend: '50', daily: '2.5', hourly: '0', realtime: '100' },
  noticeDays: '3',
};

const fieldErrorsOf = (input: unknown) => {
  const result = contractSettingsSchema.strict().safeParse(input);
  return result.success ? [] : issuesToFieldErrors(result.error.issues);
};

describe('agent contract settings', () => {
  it('takes rates from 0 to 100 with two decimals, notice days from 0 to 90', () => {
    expect(contractSettingsSchema.parse(valid)).toMatchObject({ noticeDays: 3, maxRates: { realtime: '100' } });
    expect(fieldErrorsOf({ ...valid, noticeDays: 90, allowedKinds: [] })).toEqual([]);
  });

  it('refuses each bad field under its own path', () => {
    expect(
      fieldErrorsOf({
        payer: 'house',
        allowedKinds: ['daily', 'weekly'],
        maxRates: { dividend: '100.01', daily: '1.234', hourly: 'x', realtime: '2' },
        noticeDays: -1,
      }),
    ).toEqual([
      { path: 'payer', code: 'field_invalid' },
      { path: 'allowedKinds.1', code: 'field_invalid' },
      { path: 'maxRates.dividend', code: 'contract_rate_invalid' },
      { path: 'maxRates.daily', code: 'contract_rate_invalid' },
      { path: 'maxRates.hourly', code: 'contract_rate_invalid' },
      { path: 'noticeDays', code: 'field_too_small', params: { min: 0 } },
    ]);
    expect(fieldErrorsOf({ ...valid, allowedKinds: ['daily', 'daily'] })).toEqual([
      { path: 'allowedKinds', code: 'field_invalid' },
    ]);
    expect(fieldErrorsOf({ ...valid, noticeDays: 91 })).toEqual([
      { path: 'noticeDays', code: 'field_too_large', params: { max: 90 } },
    ]);
  });
});

describe('which runs can be run again', () => {
  it('a failed run, or a settled one whose statement is still owed', () => {
    expect(runRerunnable({ status: 'failed', statementStatus: null })).toBe(true);
    expect(runRerunnable({ status: 'settled', statementStatus: 'insufficient' })).toBe(true);
    expect(runRerunnable({ status: 'settled', statementStatus: 'partial' })).toBe(true);
    expect(runRerunnable({ status: 'settled', statementStatus: 'paid' })).toBe(false);
    expect(runRerunnable({ status: 'settled', statementStatus: 'nothing_due' })).toBe(false);
  });
});
