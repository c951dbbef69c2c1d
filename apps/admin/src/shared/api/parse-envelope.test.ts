import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { parseEnvelope } from './parse-envelope';

const schema = z.object({ n: z.number() });

describe('parseEnvelope', () => {
  it('returns the parsed value of a success', () => {
    expect(parseEnvelope({ success: true, value: { n: 1 }, message: null, errorCode: null }, 200, schema)).toEqual({
      n: 1,
    });
  });

  it('throws the error code and field errors of a failure', () => {
    const body = {
      success: false,
      value: null,
      message: null,
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'settings.name', code: 'not_empty' }],
    };
    try {
      parseEnvelope(body, 400, schema);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('validation_failed');
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).fieldErrors).toEqual([{ path: 'settings.name', code: 'not_empty' }]);
    }
  });

  it('refuses a success whose value breaks the contract, and a body that is no envelope', () => {
    expect(() => parseEnvelope({ success: true, value: { n: 'x' } }, 200, schema)).toThrow('unknown_error');
    expect(() => parseEnvelope('<html>', 502, schema)).toThrow('in_network_again');
  });
});
