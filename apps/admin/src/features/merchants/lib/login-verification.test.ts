import type { WhitelabelNode } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { isNewIpVerificationOn, toggleLoginVerifyMethod } from './login-verification';

const node = (modId: string, enabled: '0' | '1', childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled,
  childrenNodes,
});

describe('toggleLoginVerifyMethod', () => {
  it('adds a method in the platform order and removes one', () => {
    expect(toggleLoginVerifyMethod(['totp', 'sms'], 'email', true)).toEqual(['sms', 'email', 'totp']);
    expect(toggleLoginVerifyMethod(['sms', 'email', 'payee', 'totp'], 'payee', false)).toEqual([
      'sms',
      'email',
      'totp',
    ]);
    expect(toggleLoginVerifyMethod([], 'sms', false)).toEqual([]);
  });

  it('never lists a method twice', () => {
    expect(toggleLoginVerifyMethod(['sms', 'sms'], 'sms', true)).toEqual(['sms']);
  });
});

describe('isNewIpVerificationOn', () => {
  it('follows the module and every parent above it', () => {
    expect(isNewIpVerificationOn([node('COMM3', '1', [node('LOGINIPVERF3', '1')])])).toBe(true);
    expect(isNewIpVerificationOn([node('COMM3', '0', [node('LOGINIPVERF3', '1')])])).toBe(false);
    expect(isNewIpVerificationOn([node('COMM3', '1', [node('LOGINIPVERF3', '0')])])).toBe(false);
    expect(isNewIpVerificationOn([node('COMM3', '1')])).toBe(false);
  });
});
