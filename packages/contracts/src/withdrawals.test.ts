import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from './field-errors';
import { payoutMethodInputSchema, withdrawalEndpoints } from './withdrawals';

const codesOf = (input: unknown) => {
  const parsed = payoutMethodInputSchema.safeParse(input);
  return parsed.success ? [] : issuesToFieldErrors(parsed.error.issues).map((e) => `${e.path}:${e.code}`);
};

describe('payout method fields (spec section 5)', () => {
  it('accepts each method with its required fields', () => {
    expect(
      codesOf({ kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Ana Cruz', accountNumber: '0123 4567 89' }),
    ).toEqual([]);
    expect(
      codesOf({ kind: 'e_wallet', provider: 'GCash', accountId: 'ana@example.com', accountName: 'Ana Cruz' }),
    ).toEqual([]);
    expect(codesOf({ kind: 'crypto', network: 'TRC20', address: 'TJYeasTPa6gpEEfYqPXW3sd6vyJu3ozsnE' })).toEqual([]);
    expect(codesOf({ kind: 'crypto', network: 'ERC20', address: `0x${'ab'.repeat(20)}` })).toEqual([]);
    expect(
      codesOf({ kind: 'mobile', countryDialingCode: '+63', mobileNum: '9171234567', accountName: 'Ana Cruz' }),
    ).toEqual([]);
  });

  it('names each missing or malformed field', () => {
    expect(codesOf({ kind: 'bank_account', bankName: '', accountName: 'A', accountNumber: '12' })).toEqual([
      'bankName:not_empty',
      'accountName:field_too_short',
      'accountNumber:field_invalid',
    ]);
    expect(codesOf({ kind: 'crypto', network: 'ERC20', address: 'TJYeasTPa6gpEEfYqPXW3sd6vyJu3ozsnE' })).toEqual([
      'address:crypto_address_invalid',
    ]);
    expect(codesOf({ kind: 'mobile', countryDialingCode: '+63', mobileNum: '12ab', accountName: 'Ana 9' })).toEqual([
      'mobileNum:in_mobileNum_error',
      'accountName:in_payeeName_error',
    ]);
    expect(codesOf({ kind: 'cheque' })).not.toEqual([]);
  });

  it('normalises the account number the member typed', () => {
    const parsed = payoutMethodInputSchema.parse({
      kind: 'bank_account',
      bankName: 'Demo Bank',
      accountName: 'Ana Cruz',
      accountNumber: 'gb82 west 1234',
    });
    expect(parsed.kind === 'bank_account' && parsed.accountNumber).toBe('GB82WEST1234');
  });

  it('asks for the amount received and limits the remark on a partial receipt', () => {
    const request = withdrawalEndpoints.confirm.request;
    expect(request.safeParse({ outcome: 'partially_received' }).success).toBe(false);
    expect(request.safeParse({ outcome: 'partially_received', amountReceived: '10' }).success).toBe(true);
    expect(request.safeParse({ outcome: 'received', remark: 'x'.repeat(141) }).success).toBe(false);
    expect(request.safeParse({ outcome: 'auto_received' }).success).toBe(false);
  });
});
