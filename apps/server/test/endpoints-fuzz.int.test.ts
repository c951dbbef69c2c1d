import { allEndpoints, authOf, type EndpointDef, errorCatalogue, isErrorCode } from '@tessera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from './funded-member';
import { memberClient } from './member-client';
import { createTestApp, type TestApp } from './test-app';
import { multipart } from './uploads';

/**
 * Every endpoint of the contracts, called with generated bad payloads (wrong types, huge and NUL-bearing strings,
 * odd unicode, negative and non-finite numbers, nested junk, missing and extra fields, broken bodies and paths)
 * by the caller it needs. No answer may be a 500; a deliberate 5xx (a gateway the test does not run, for one)
 * carries its own catalogue code. The generator is seeded, so a failure replays.
 */
/**
 * 40 per endpoint keeps `npm test` near 90 s on two loaded cores; `FUZZ_PAYLOADS=300` is the full run (issue 22),
 * `FUZZ_TIMINGS=1` prints the slowest endpoints.
 */
const PAYLOADS_PER_ENDPOINT = Number(process.env.FUZZ_PAYLOADS ?? 40);
const CONCURRENCY = 16;

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let memberToken: string;
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  operatorToken = await t.operatorToken();
  memberToken = (await fundedMember(t, client, 'fuzzed', 100_000n)).token;
});
afterAll(async () => {
  await t.close();
});

/** mulberry32: a small seeded generator. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick, chance: (p: number) => next() < p };
};
type Random = ReturnType<typeof seeded>;

const JUNK_STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(5_000),
  'nul\u0000inside',
  '\u0000',
  '💥🎰'.repeat(40),
  '\uD800',
  '\u202Eevil',
  'Ωμέγα ünïcödé 中文 العربية',
  '<script>alert(1)</script>',
  "'; DROP TABLE members; --",
  '%00',
  '../../etc/passwd',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(60),
  '0.0000000001',
  '1,000.00',
  '-0.01',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  '2026-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  '5f0c6c8e-1d2b-4c7a-9a53-4b0b2f1e7a10',
  'true',
  'null',
  '{}',
  'demo',
  'USD',
  'EN',
  'dice',
  'owner',
] as const;
const JUNK_NUMBERS = [
  -1,
  0,
  -0,
  1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  10_000_000_000,
] as const;

const junkValue = (random: Random, depth = 0): unknown => {
  const kind = random.next();
  if (kind < 0.45) return random.pick(JUNK_STRINGS);
  if (kind < 0.65) return random.pick(JUNK_NUMBERS);
  if (kind < 0.72) return random.chance(0.5);
  if (kind < 0.78) return null;
  if (depth > 3) return random.pick(JUNK_STRINGS);
  if (kind < 0.89) return Array.from({ length: Math.floor(random.next() * 4) }, () => junkValue(random, depth + 1));
  return { [random.pick(['a', 'id', '__proto__', 'constructor', 'x'])]: junkValue(random, depth + 1) };
};

const deepNesting = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
};

/** The request schema's top-level keys, through the wrappers zod puts around an object. */
const keysOf = (schema: unknown): string[] => {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current?._zod?.def && depth < 6; depth += 1) {
    const def = current._zod.def;
    if (def.shape && typeof def.shape === 'object') return Object.keys(def.shape);
    current = (def.in ?? def.innerType ?? def.schema) as typeof current;
  }
  return [];
};

/** One bad payload: a shape built from the contract's own keys, mostly with junk, or no object at all. */
const payloadFor = (random: Random, keys: readonly string[]): unknown => {
  const strategy = random.next();
  if (strategy < 0.08) return random.pick([null, [], 'text', 42, true, [{}], [[[]]]]);
  if (strategy < 0.1) return deepNesting(random.pick([50, 500]));
  const payload: Record<string, unknown> = {};
  for (const key of keys) {
    if (strategy < 0.35 && random.chance(0.4)) continue; // missing fields
    payload[key] = junkValue(random);
  }
  if (strategy > 0.8)
    payload[random.pick(['extra', 'admin', 'merchantCode', 'balance', '\u0000k'])] = junkValue(random);
  return payload;
};

const PATH_VALUES = [
  'demo',
  '1',
  '-1',
  '0',
  'x'.repeat(101),
  'x'.repeat(99),
  '%00',
  '%E0%A4%A',
  '%2F..%2F',
  encodeURIComponent('Ω💥'),
  '00000000-0000-0000-0000-000000000000',
  '5f0c6c8e-1d2b-4c7a-9a53-4b0b2f1e7a10',
  'NaN',
  '1e309',
  encodeURIComponent("' OR 1=1 --"),
] as const;

const pathFor = (random: Random, endpoint: EndpointDef): string =>
  endpoint.path.replace(/:([A-Za-z]+)/g, () => random.pick(PATH_VALUES));

/** Percent-encoding; a lone surrogate goes as the invalid UTF-8 bytes a raw client would send. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const queryOf = (payload: unknown): string => {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return `q=${encode(JSON.stringify(payload) ?? '')}`;
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      parts.push(`${encode(key)}=${encode(text)}`);
    }
  }
  return parts.join('&');
};

const RAW_BODIES = [
  ['{"a":', 'application/json'],
  ['null', 'application/json'],
  ['"text"', 'application/json'],
  ['{"__proto__":{"admin":true}}', 'application/json'],
  ['a=1&b=%00', 'application/x-www-form-urlencoded'],
  ['plain', 'text/plain'],
  ['\u0000\u0001\u0002', 'application/octet-stream'],
] as const;

const send = async (random: Random, endpoint: EndpointDef, keys: readonly string[]) => {
  const url = pathFor(random, endpoint);
  const payload = payloadFor(random, keys);
  const auth = authOf(endpoint.access);
  const token = auth === 'operator' ? operatorToken : auth === 'none' || random.chance(0.1) ? undefined : memberToken;
  const moduleId = random.chance(0.95) ? (endpoint.moduleIds[0] ?? undefined) : 'NOPE3';
  const common = { moduleId, token };
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    return client.send({ method: endpoint.method, url: `${url}?${queryOf(payload)}`, ...common });
  }
  if (endpoint.bodyKind === 'multipart' && random.chance(0.7)) {
    const fields = Object.fromEntries(Object.entries(payload ?? {}).map(([key, value]) => [key, String(value)]));
    const bytes = Buffer.from(random.pick(JUNK_STRINGS));
    const body = multipart(
      fields,
      random.chance(0.5) ? [{ filename: random.pick(JUNK_STRINGS), type: 'image/png', bytes }] : [],
    );
    return client.send({ method: endpoint.method, url, payload: body.payload, headers: body.headers, ...common });
  }
  if (endpoint.encrypted && random.chance(0.5) && endpoint.method !== 'PATCH') {
    return client.sealed(endpoint.method, url, payload, { moduleId: moduleId ?? 'COMM3', ...(token ? { token } : {}) });
  }
  if (random.chance(0.1)) {
    const [raw, contentType] = random.pick(RAW_BODIES);
    return client.send({
      method: endpoint.method,
      url,
      payload: raw,
      headers: { 'content-type': contentType },
      ...common,
    });
  }
  return client.send({ method: endpoint.method, url, payload: payload as object, ...common });
};

/** What is wrong with an answer, or null: a 500, or a 5xx without its own catalogue code, or no envelope. */
const defectOf = (response: LightMyRequestResponse): string | null => {
  if (response.statusCode < 500) return null;
  let code: unknown;
  try {
    code = response.json().errorCode;
  } catch {
    return `${response.statusCode} without an envelope`;
  }
  if (typeof code !== 'string' || !isErrorCode(code)) return `${response.statusCode} ${String(code)}`;
  if (code === 'unknown_error' || errorCatalogue[code].status !== response.statusCode) {
    return `${response.statusCode} ${code}`;
  }
  return null;
};

/** Sessions are ended last, so every other endpoint meets a signed-in caller. */
const ordered = [...allEndpoints].sort((a, b) => Number(a.name.includes('logout')) - Number(b.name.includes('logout')));

describe('every endpoint under bad input', () => {
  it(`answers ${PAYLOADS_PER_ENDPOINT} bad payloads per endpoint without a 500`, async () => {
    const defects: string[] = [];
    const timings: [string, number][] = [];
    for (const [index, endpoint] of ordered.entries()) {
      const started = performance.now();
      const random = seeded(index + 1);
      const keys = keysOf(endpoint.request);
      for (let done = 0; done < PAYLOADS_PER_ENDPOINT; done += CONCURRENCY) {
        const batch = Math.min(CONCURRENCY, PAYLOADS_PER_ENDPOINT - done);
        const responses = await Promise.all(Array.from({ length: batch }, () => send(random, endpoint, keys)));
        for (const response of responses) {
          const defect = defectOf(response);
          if (defect) defects.push(`${endpoint.name}: ${defect} ${response.body.slice(0, 200)}`);
        }
      }
      timings.push([endpoint.name, performance.now() - started]);
    }
    if (process.env.FUZZ_TIMINGS) console.log(timings.sort((a, b) => b[1] - a[1]).slice(0, 15));
    expect(defects).toEqual([]);
  }, 600_000);
});
