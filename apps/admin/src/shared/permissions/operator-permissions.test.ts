import { operatorRoles } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { canOperator } from './operator-permissions';

describe('canOperator', () => {
  it('lets every role read merchants', () => {
    for (const role of operatorRoles) expect(canOperator(role, 'merchant.read')).toBe(true);
  });

  it('keeps merchant changes and operator management to owners, and the audit log to owners and risk', () => {
    expect(operatorRoles.filter((role) => canOperator(role, 'merchant.update'))).toEqual(['owner']);
    expect(operatorRoles.filter((role) => canOperator(role, 'operator.manage'))).toEqual(['owner']);
    expect(operatorRoles.filter((role) => canOperator(role, 'audit.read'))).toEqual(['owner', 'risk']);
  });

  it('gives the member tools to the roles the server allows', () => {
    expect(operatorRoles.filter((role) => canOperator(role, 'member.read'))).toEqual([
      'owner',
      'finance',
      'risk',
      'support',
    ]);
    expect(operatorRoles.filter((role) => canOperator(role, 'member.lock'))).toEqual(['owner', 'risk']);
    expect(operatorRoles.filter((role) => canOperator(role, 'member.resetPassword'))).toEqual(['owner', 'support']);
    expect(operatorRoles.filter((role) => canOperator(role, 'outbox.read'))).toEqual(['owner', 'support']);
  });

  it('lets every role see the game catalogue and owners and content editors change it', () => {
    for (const role of operatorRoles) expect(canOperator(role, 'games.read')).toBe(true);
    expect(operatorRoles.filter((role) => canOperator(role, 'games.manage'))).toEqual(['owner', 'content']);
  });

  it('lets owners and content editors change site content, and support read it', () => {
    expect(operatorRoles.filter((role) => canOperator(role, 'content.write'))).toEqual(['owner', 'content']);
    expect(operatorRoles.filter((role) => canOperator(role, 'content.read'))).toEqual(['owner', 'support', 'content']);
  });

  it('lets owners and finance change the referral programme, and risk and support read it', () => {
    expect(operatorRoles.filter((role) => canOperator(role, 'referral.manage'))).toEqual(['owner', 'finance']);
    expect(operatorRoles.filter((role) => canOperator(role, 'referral.read'))).toEqual([
      'owner',
      'finance',
      'risk',
      'support',
    ]);
  });
});
