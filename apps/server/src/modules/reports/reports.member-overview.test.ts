import { describe, expect, it } from 'vitest';
import { devicesOf } from './reports.member-overview';

const login = (at: string, ip: string, deviceId: string | null, userAgent: string | null, success = true) => ({
  id: 1n,
  memberId: 'm',
  at: new Date(at),
  ip,
  deviceId,
  userAgent,
  method: 'password',
  success,
  reason: null,
  country: null,
});

describe('devicesOf', () => {
  it('groups successful sign-ins by device id, else by user agent, newest device first', () => {
    const devices = devicesOf([
      login('2026-11-02T10:00:00Z', '10.0.0.2', 'dev-a', 'Chrome'),
      login('2026-11-01T10:00:00Z', '10.0.0.1', 'dev-a', 'Chrome'),
      login('2026-11-03T10:00:00Z', '10.0.0.9', null, 'Safari'),
      login('2026-11-04T10:00:00Z', '10.0.0.7', 'dev-b', 'Firefox', false),
      login('2026-10-30T10:00:00Z', '10.0.0.9', null, 'Safari'),
    ]);
    expect(devices).toEqual([
      { deviceId: null, userAgent: 'Safari', ips: ['10.0.0.9'], logins: 2, lastAt: '2026-11-03T10:00:00.000Z' },
      {
        deviceId: 'dev-a',
        userAgent: 'Chrome',
        ips: ['10.0.0.2', '10.0.0.1'],
        logins: 2,
        lastAt: '2026-11-02T10:00:00.000Z',
      },
    ]);
  });

  it('answers nothing for a member who never signed in', () => {
    expect(devicesOf([login('2026-11-04T10:00:00Z', '10.0.0.7', 'dev-b', 'Firefox', false)])).toEqual([]);
  });
});
