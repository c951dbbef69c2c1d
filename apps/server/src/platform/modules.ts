import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from './cache';
import type { Database } from './db/database';
import type { Subscriber } from './events';
import type { Registrar } from './http/registrar';
import type { JobDefinition } from './jobs';
import type { RealtimeHub } from './realtime';

/**
 * The services every module can reach, by module name. A module adds its own entry by augmenting this interface
 * from its `index.ts` (decision 0052):
 *
 *   declare module '../../platform/modules' { interface ModuleServices { points: PointsService } }
 *
 * `app.ts` fills it in list order, so a module reads only modules listed before it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each module's declaration merging.
export interface ModuleServices {}

/** What a module is built from: the platform's parts and the services of the modules listed before it. */
export interface ModuleHost {
  database: Database;
  log: FastifyBaseLogger;
  realtime: RealtimeHub;
  /** Per-process caches of what operators change, invalidated on every instance (platform/cache, decision 0119). */
  caches: Caches;
  services: ModuleServices;
  /** The server's configuration as `buildApp` received it. */
  config: Readonly<Record<string, unknown>> & { internalUrl: string };
}

/** What the demo seed hands a module: the demo merchant, its currency and the seed's options. */
export interface DemoSeedContext {
  merchantCode: string;
  currency: string;
  /** Whether the demo's content (announcements, banners, pages) is seeded (`SEED_DEMO_CONTENT`). */
  content: boolean;
  /**
   * Whether demo accounts with play history are seeded (the demo agent's team): on for a real start, off for test
   * servers, whose suites count their own members and money.
   */
  history?: boolean;
}

/**
 * One capability, wired by itself: its services, its member and back-office routes, its scheduled jobs, its event
 * subscribers and its part of the demo seed. `app.ts` lists the definitions; nothing else names a module.
 */
export interface ModuleDefinition<Name extends keyof ModuleServices = keyof ModuleServices> {
  name: Name;
  create: (host: ModuleHost) => ModuleServices[Name] | Promise<ModuleServices[Name]>;
  /** Registers the module's endpoints (member site and back office) through the registrar. */
  routes?: (registrar: Registrar, services: ModuleServices[Name], host: ModuleHost) => void | Promise<void>;
  /** Scheduled work, once per period across every instance (platform/jobs). */
  jobs?: (services: ModuleServices[Name], host: ModuleHost) => readonly JobDefinition[];
  /** Reactions to other modules' facts (platform/events). */
  subscribers?: (services: ModuleServices[Name], host: ModuleHost) => readonly Subscriber[];
  /** The module's part of the demo merchant; runs on every start, so it must be idempotent. */
  seedDemo?: (services: ModuleServices[Name], context: DemoSeedContext) => Promise<unknown>;
  /** Called when the server closes (timers, listeners). */
  close?: (services: ModuleServices[Name]) => Promise<void>;
}

/** Declares a module with its services typed from `ModuleServices`. */
export const defineModule = <Name extends keyof ModuleServices>(
  definition: ModuleDefinition<Name>,
): ModuleDefinition<Name> => definition;

// biome-ignore lint/suspicious/noExplicitAny: a list of definitions of different modules.
export type AnyModule = ModuleDefinition<any>;

export interface BuiltModules {
  services: ModuleServices;
  jobs: JobDefinition[];
  subscribers: Subscriber[];
  seedDemo: (context: DemoSeedContext) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Builds the listed modules in order on top of `services` (the services built before them). A module that reads
 * one listed after it (or not listed) fails at start with both names, not with `undefined` later.
 */
export const buildModules = async (
  modules: readonly AnyModule[],
  host: Omit<ModuleHost, 'services'> & { services: Partial<ModuleServices> },
): Promise<BuiltModules> => {
  const built: Record<string, unknown> = { ...host.services };
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`module ${String(module.name)} is listed twice`);
    names.add(module.name);
  }
  const servicesFor = (reader: string) =>
    new Proxy(built, {
      get: (target, key) => {
        if (typeof key === 'string' && !(key in target)) {
          throw new Error(`module ${reader} reads ${key}, which is not built yet: list ${key} before ${reader}`);
        }
        return Reflect.get(target, key);
      },
    }) as unknown as ModuleServices;
  const jobs: JobDefinition[] = [];
  const subscribers: Subscriber[] = [];
  const hostFor = (name: string): ModuleHost => ({ ...host, services: servicesFor(name) });
  for (const module of modules) {
    built[module.name] = await module.create(hostFor(module.name));
  }
  const services = built as unknown as ModuleServices;
  for (const module of modules) {
    const own = built[module.name];
    jobs.push(...(module.jobs?.(own, hostFor(module.name)) ?? []));
    subscribers.push(...(module.subscribers?.(own, hostFor(module.name)) ?? []));
  }
  return {
    services,
    jobs,
    subscribers,
    seedDemo: async (context) => {
      for (const module of modules) await module.seedDemo?.(built[module.name], context);
    },
    close: async () => {
      for (const module of [...modules].reverse()) await module.close?.(built[module.name]);
    },
  };
};

/** Registers every listed module's routes, in list order. */
export const registerModuleRoutes = async (
  modules: readonly AnyModule[],
  registrar: Registrar,
  built: BuiltModules,
  host: Omit<ModuleHost, 'services'>,
): Promise<void> => {
  for (const module of modules) {
    await module.routes?.(registrar, built.services[module.name as keyof ModuleServices], {
      ...host,
      services: built.services,
    });
  }
};
