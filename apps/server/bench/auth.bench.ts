/**
 * npm run bench:auth — what a login costs.
 * 1. argon2id hash and verify (the parameters of platform/security/password.ts), p50 and p99.
 * 2. Login attempts per second through the whole stack (sealed body opened, bot check verified, rate limits
 *    counted in PostgreSQL, argon2 verify, session written), in-process via inject, at 1 and 8 concurrent
 *    callers. Each attempt comes from its own IP and account, so what is measured is capacity before any
 *    throttle; the throttles themselves are then shown taking effect.
 * Uses DATABASE_URL's server when set, else an embedded PostgreSQL under .tmp/bench.
 */
import { createHash } from 'node:crypto';
import { sealPayload } from '@tessera/client-crypto';
import { hashPassword, verifyPassword } from '../src/platform/security/password';
import { benchApp, benchDatabase, percentile } from './bench-support';

const ms = (n: number) => `${n.toFixed(1)} ms`;

const solve = (challenge: {
  salt: string;
  challenge: string;
  algorithm: string;
  signature: string;
  maxNumber: number;
}) => {
  for (let n = 0; n <= challenge.maxNumber; n++) {
    if (
      createHash('sha256')
        .update(challenge.salt + n)
        .digest('hex') === challenge.challenge
    ) {
      return Buffer.from(JSON.stringify({ ...challenge, number: n, maxNumber: undefined })).toString('base64');
    }
  }
  throw new Error('unsolvable');
};

const main = async () => {
  // 1. argon2
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  let hash = '';
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    hash = await hashPassword(`password-${i}`);
    hashTimes.push(performance.now() - t0);
    const t1 = performance.now();
    await verifyPassword(hash, `password-${i}`);
    verifyTimes.push(performance.now() - t1);
  }
  hashTimes.sort((a, b) => a - b);
  verifyTimes.sort((a, b) => a - b);
  console.log(
    `argon2id (m=19 MiB, t=2, p=1): hash p50 ${ms(percentile(hashTimes, 50))} p99 ${ms(percentile(hashTimes, 99))}; verify p50 ${ms(percentile(verifyTimes, 50))} p99 ${ms(percentile(verifyTimes, 99))}`,
  );

  // 2. logins through the stack
  const { database, drop } = await benchDatabase('bench_auth', 10);
  const { app, services } = await benchApp(database);
  const accounts = 400;
  const passwordHash = await hashPassword('Secret123');
  for (let i = 0; i < accounts; i++) {
    await services.members.create({
      merchantCode: 'demo',
      username: `bench${i}`,
      account: `bench${i}`,
      nickname: 'b',
      passwordHash,
    });
  }
  const key = (await app.inject({ method: 'GET', url: '/wps/session/key', headers: { ModuleId: 'COMM3' } })).json()
    .value;
  const prepare = async (i: number) => {
    const challenge = (
      await app.inject({ method: 'GET', url: '/wps/verification/challenge', headers: { ModuleId: 'COMM3' } })
    ).json().value;
    return { i, botCheck: solve(challenge) };
  };
  const attempt = async (i: number, botCheck: string, ip: string) => {
    const body = sealPayload(key, 'POST', '/wps/session/login', {
      username: `bench${i % accounts}`,
      password: 'Secret123',
      botCheck,
    });
    const t0 = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { ModuleId: 'COMM3' },
      payload: body as never,
      remoteAddress: ip,
    });
    return {
      ms: performance.now() - t0,
      ok: response.json().success as boolean,
      code: response.json().errorCode as string | null,
    };
  };

  for (const concurrency of [1, 8]) {
    const total = concurrency === 1 ? 60 : 200;
    const prepared = await Promise.all(Array.from({ length: total }, (_, i) => prepare(i + concurrency * 1000)));
    const times: number[] = [];
    let failures = 0;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < prepared.length) {
          const item = prepared[next++];
          if (!item) break;
          const result = await attempt(item.i, item.botCheck, `10.${(item.i >> 8) & 255}.${item.i & 255}.1`);
          times.push(result.ms);
          if (!result.ok) failures++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    console.log(
      `logins, ${concurrency} concurrent: ${(total / seconds).toFixed(1)}/s, p50 ${ms(percentile(times, 50))} p99 ${ms(percentile(times, 99))}, ${failures} failed of ${total}`,
    );
  }

  // Throttles: one IP, wrong passwords on one account.
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < 12; i++) {
    const { botCheck } = await prepare(i);
    const body = sealPayload(key, 'POST', '/wps/session/login', {
      username: 'bench0',
      password: 'wrong-pass',
      botCheck,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { ModuleId: 'COMM3' },
      payload: body as never,
      remoteAddress: '10.99.0.1',
    });
    const code = response.json().errorCode as string;
    outcomes[code] = (outcomes[code] ?? 0) + 1;
  }
  console.log(
    `12 wrong passwords on one account: ${JSON.stringify(outcomes)} (from the 4th attempt a captcha is required; with a right captcha, attempts pause after 10)`,
  );

  await app.close();
  await drop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
