import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newRequestId } from './request-id';

describe('newRequestId', () => {
  it('makes distinct UUIDs the contracts accept', () => {
    const ids = Array.from({ length: 200 }, newRequestId);
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(z.uuid().safeParse(id).success).toBe(true);
  });
});
