import { describe, expect, it } from 'vitest';
import { type AnyModule, buildModules } from './modules';

const host = {
  database: {} as never,
  log: {} as never,
  realtime: {} as never,
  caches: {} as never,
  config: { internalUrl: '' },
};

const moduleNamed = (name: string, extra: Partial<AnyModule> = {}): AnyModule =>
  ({ name, create: () => ({ name }), ...extra }) as AnyModule;

describe('buildModules', () => {
  it('builds modules in list order, each reading the ones before it', async () => {
    const built = await buildModules(
      [
        moduleNamed('first'),
        moduleNamed('second', {
          create: (h) => ({ before: (h.services as never as { first: { name: string } }).first.name }),
        }),
      ],
      { ...host, services: {} },
    );
    expect((built.services as never as { second: { before: string } }).second.before).toBe('first');
  });

  it('names both modules when one reads a module listed after it', async () => {
    const reader = moduleNamed('reader', { create: (h) => (h.services as never as { later: unknown }).later });
    await expect(buildModules([reader, moduleNamed('later')], { ...host, services: {} })).rejects.toThrow(
      'module reader reads later, which is not built yet: list later before reader',
    );
  });

  it('refuses a module listed twice', async () => {
    await expect(buildModules([moduleNamed('twice'), moduleNamed('twice')], { ...host, services: {} })).rejects.toThrow(
      'listed twice',
    );
  });

  it('collects jobs and subscribers, runs demo seeds in order and closes in reverse', async () => {
    const calls: string[] = [];
    const job = { name: 'tick', schedule: { everySeconds: 60 }, run: async () => undefined };
    const built = await buildModules(
      [
        moduleNamed('a', {
          jobs: () => [job],
          seedDemo: async () => void calls.push('seed a'),
          close: async () => void calls.push('close a'),
        }),
        moduleNamed('b', {
          subscribers: () => [{ name: 'b.on-bet', event: 'bet.settled', handle: async () => undefined }],
          seedDemo: async (_services, context) => void calls.push(`seed b ${context.merchantCode}`),
          close: async () => void calls.push('close b'),
        }),
      ],
      { ...host, services: {} },
    );
    expect(built.jobs.map((each) => each.name)).toEqual(['tick']);
    expect(built.subscribers.map((each) => each.name)).toEqual(['b.on-bet']);
    await built.seedDemo({ merchantCode: 'demo', currency: 'USD', content: true });
    await built.close();
    expect(calls).toEqual(['seed a', 'seed b demo', 'close b', 'close a']);
  });
});
