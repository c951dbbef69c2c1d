import { describe, expect, it } from 'vitest';
import { lazyContractsTransform } from './vite-lazy-contracts';

const transform = (source: string) => lazyContractsTransform(source, '/repo/packages/contracts/src/sample.ts')?.code;
const LAZY = '/*#__PURE__*/ __lazyContract(() => (';

describe('the lazy contracts transform', () => {
  it('wraps top-level schemas, and schemas built from a wrapped one', () => {
    const code = transform(
      [
        "import { z } from 'zod';",
        'export const moneySchema = z.string().regex(/^\\d+$/);',
        'const base = z.object({ amount: moneySchema });',
        "export const extended = base.extend({ kind: z.literal('x') });",
      ].join('\n'),
    );
    expect(code).toContain(`export const moneySchema = ${LAZY}z.string().regex(/^\\d+$/)));`);
    expect(code).toContain(`const base = ${LAZY}z.object({ amount: moneySchema })));`);
    expect(code).toContain(`export const extended = ${LAZY}base.extend({ kind: z.literal('x') })));`);
    expect(
      transform("import { orderSchema } from './orders';\nexport const detailSchema = orderSchema.extend({});"),
    ).toContain(`export const detailSchema = ${LAZY}orderSchema.extend({})));`);
    expect(code?.startsWith("import { lazyContract as __lazyContract } from './lazy-contract';")).toBe(true);
  });

  it('leaves endpoints and their tables readable, wrapping only the schemas they build', () => {
    const code = transform(
      [
        "import { z } from 'zod';",
        'export const table = {',
        "  list: defineEndpoint({ name: 'a.list', params: z.object({ id: z.string() }), request: z.object({}), response: listSchema }),",
        '};',
        "export const one = defineEndpoint({ name: 'a.one', request: z.object({}), response: z.array(z.string()) });",
      ].join('\n'),
    );
    expect(code).toContain('export const table = {');
    expect(code).toContain(`list: defineEndpoint({ name: 'a.list', params: ${LAZY}z.object({ id: z.string() }))),`);
    expect(code).toContain(`request: ${LAZY}z.object({}))), response: listSchema })`);
    expect(code).toContain(`export const one = defineEndpoint({ name: 'a.one', request: ${LAZY}z.object({})))`);
  });

  it('wraps an object of field schemas, and leaves data, labels, functions and other calls as they are', () => {
    const source = [
      "import { z } from 'zod';",
      'const noise = { t: z.string().optional(), r: z.string().optional() };',
      "export const kinds = ['A', 'B'] as const;",
      "export const labels: Record<string, string> = { A: 'a' };",
      'const trimmed = (max: number) => z.string().trim().max(max);',
      "export const allowed = new Set(['A']);",
      'export const sizes = Object.freeze({ small: 1 });',
    ].join('\n');
    const code = transform(source);
    expect(code).toContain(`const noise = ${LAZY}{ t: z.string().optional(), r: z.string().optional() }));`);
    for (const line of source.split('\n').slice(2)) expect(code).toContain(`\n${line}`);
  });

  it('changes nothing in a module without schemas', () => {
    expect(transform("export const LIMIT = 20;\nexport const codes = ['a'];")).toBeUndefined();
  });
});
