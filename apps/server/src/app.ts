import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import pino from 'pino';
import { accountModule } from './modules/account';
import { adminModule } from './modules/admin';
import { agentContractsModule } from './modules/agent-contracts';
import { agentsModule, agentsMoneyModule } from './modules/agents';
import { betsModule } from './modules/bets';
import { bonusesModule } from './modules/bonuses';
import { cashierModule } from './modules/cashier';
import { chatRoomsModule } from './modules/chat-rooms';
import { contactModule } from './modules/contact';
import { contentModule } from './modules/content';
import { gamesModule } from './modules/games';
import { type CrashTiming, crashModule, inhouseEventsModule, inhouseModule } from './modules/inhouse';
import { jackpotModule } from './modules/jackpot';
import { ledgerModule } from './modules/ledger';
import { lotteryModule } from './modules/lottery';
import { membersModule } from './modules/members';
import { merchantsModule } from './modules/merchants';
import { messageBroadcastsModule, messagesModule } from './modules/messages';
import { missionsModule } from './modules/missions';
import { pointsModule } from './modules/points';
import {
  promotionsModule,
  rafflesModule,
  rebateModule,
  redEnvelopesModule,
  referralModule,
  rewardsModule,
  vipModule,
} from './modules/promotions';
import { providersModule, seamlessModule } from './modules/providers';
import { registerModule } from './modules/register';
import { reportsModule } from './modules/reports';
import { responsibleGamingModule } from './modules/responsible-gaming';
import { sessionModule } from './modules/session';
import { socialSignInModule } from './modules/social-sign-in';
import { checkSiteAccess, systemModule } from './modules/system';
import { type MessageSender, verificationModule } from './modules/verification';
import { walletModule, walletMovesModule } from './modules/wallet';
import { firstVisitAnswers, siteStartAnswer, webappModule } from './modules/webapp';
import { withdrawalsModule } from './modules/withdrawals';
import { createPgCaches } from './platform/cache';
import type { Config } from './platform/config';
import type { Database } from './platform/db/database';
import { createEventDispatcher, type EventDispatcher, type Subscriber } from './platform/events';
import { registerEventsAdminRoutes } from './platform/events/events-admin.routes';
import { answerFrameworkError, installErrorHandler } from './platform/http/error-handler';
import { buildOpenApiDocument } from './platform/http/openapi';
import { createRegistrar } from './platform/http/registrar';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { BROTLI_PARAMS, registerStaticSites } from './platform/http/static-sites';
import { createJobs } from './platform/jobs';
import { bufferedStdout } from './platform/log-destination';
import { loggerOptions, requestFields, requestLineOptions } from './platform/logger';
import {
  type AnyModule,
  type BuiltModules,
  buildModules,
  type ModuleServices,
  registerModuleRoutes,
} from './platform/modules';
import { adminDistDir, webDistDir } from './platform/paths';
import {
  createPgFanout,
  createRealtimeHub,
  createRedisFanout,
  type RealtimeHub,
  registerRealtimeSocket,
} from './platform/realtime';
import { retentionJob } from './platform/retention';
import { createProofOfWork } from './platform/security/proof-of-work';
import { createSealedPayloads } from './platform/security/sealed-payload';
import { createSharedRateLimiter } from './platform/security/shared-rate-limiter';

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

export type AppConfig = Pick<
  Config,
  | 'LOG_LEVEL'
  | 'REDIS_URL'
  | 'trustProxy'
  | 'COUNTRY_HEADER'
  | 'BODY_LIMIT_BYTES'
  | 'SANDBOX_GATEWAY_URL'
  | 'SANDBOX_GATEWAY_MERCHANT_ID'
  | 'SANDBOX_GATEWAY_SECRET'
  | 'REFERENCE_PROVIDER_URL'
  | 'REFERENCE_PROVIDER_SECRET'
> & {
  /** Base URL outside services call back to. */
  internalUrl: string;
  NODE_ENV?: Config['NODE_ENV'];
};

/** The platform's parts every module can read, besides the modules listed before it. */
export interface CoreServices {
  /** Push to browsers: `publishToMember` for a member's own events, `broadcast` and `defineTopic` for public ones. */
  realtime: RealtimeHub;
  /** Sealed request payloads (sign-in forms encrypt passwords with the key it hands out). */
  sealed: ReturnType<typeof createSealedPayloads>;
  /** Proof-of-work challenges for credential forms. */
  proofOfWork: ReturnType<typeof createProofOfWork>;
  /** Rate limits shared by every instance on the database. */
  limiter: ReturnType<typeof createSharedRateLimiter>;
  /** Events between modules (decision 0050): delivery, replay and dead letters. */
  events: EventDispatcher;
  /** The listed modules' part of the demo seed. */
  modules: Pick<BuiltModules, 'seedDemo'>;
}

declare module './platform/modules' {
  interface ModuleServices extends CoreServices {}
}

/** Every service: the core ones and each listed module's, under the module's name. */
export type AppServices = ModuleServices;

/**
 * The capabilities built before decision 0052, now each wired by its own definition, in dependency order: a module
 * reads only the core services and the modules listed before it (routes, registered once all are built, read any).
 */
export const CORE_MODULES: readonly AnyModule[] = [
  merchantsModule,
  adminModule,
  membersModule,
  systemModule,
  verificationModule,
  sessionModule,
  accountModule,
  registerModule,
  ledgerModule,
  walletModule,
  messagesModule,
  contentModule,
  cashierModule,
  withdrawalsModule,
  walletMovesModule,
  betsModule,
  providersModule,
  gamesModule,
  seamlessModule,
  rewardsModule,
  vipModule,
  referralModule,
  rebateModule,
  inhouseEventsModule,
  inhouseModule,
  crashModule,
  webappModule,
];

/**
 * The capabilities, each wired by its own definition (its services, routes, jobs, subscribers and demo seed;
 * `platform/modules`, decision 0052). Built after `CORE_MODULES`; a module reads the core services and the
 * modules listed before it.
 */
export const MODULES: readonly AnyModule[] = [
  agentsModule,
  responsibleGamingModule,
  messageBroadcastsModule,
  pointsModule,
  contactModule,
  agentContractsModule,
  reportsModule,
  bonusesModule,
  promotionsModule,
  redEnvelopesModule,
  rafflesModule,
  lotteryModule,
  agentsMoneyModule,
  missionsModule,
  jackpotModule,
  chatRoomsModule,
  socialSignInModule,
];

/** Builds the whole server: every module's services and routes, the static sites, docs and health checks. */
export const buildApp = async (
  config: AppConfig,
  database: Database,
  options: {
    sites?: { webDir: string; adminDir: string };
    messageSender?: MessageSender;
    /** Tests only: a known captcha text. */
    captchaText?: () => string;
    /** Whether this process takes part in the scheduled jobs (default yes); tests drive the jobs' work themselves. */
    runJobs?: boolean;
    /** Crash rounds: their timing, the length of new chains, and whether this process runs the round loop. */
    crash?: { timing?: CrashTiming; chainLength?: number; drive?: boolean };
    /** Tests only: where log lines go instead of stdout. */
    logStream?: { write: (line: string) => void };
    /** Events: extra subscribers (tools, benches), and whether this process delivers (default yes). */
    events?: { subscribers?: readonly Subscriber[]; deliver?: boolean };
  } = {},
): Promise<{
  app: FastifyInstance;
  services: AppServices;
  /** Begins a graceful shutdown's drain: /readyz answers 503 from now on (platform/http/shutdown.ts). */
  startDraining: () => void;
  /** Resolves once every cache invalidation notified so far has reached this instance (tests, tools). */
  cachesSettled: () => Promise<void>;
}> => {
  const logOutput = config.LOG_LEVEL === 'silent' || options.logStream ? null : bufferedStdout();
  const app = Fastify({
    logger: options.logStream
      ? { ...loggerOptions(config.LOG_LEVEL), stream: options.logStream }
      : logOutput
        ? { ...loggerOptions(config.LOG_LEVEL), stream: logOutput.stream }
        : loggerOptions('silent'),
    // Fastify accepts a hop count at run time; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string | string[],
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    // One line per request, written when it is answered (decision 0049), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onClose', async () => logOutput?.close());
  const lineStream = options.logStream ?? logOutput?.stream;
  const requestLog = lineStream ? pino(requestLineOptions(config.LOG_LEVEL), lineStream) : null;
  // Hooks on every request take a callback, not a promise (decision 0072: each async hook is a promise a request).
  app.addHook('onResponse', (request, reply, done) => {
    requestLog?.info(
      {
        reqId: request.id,
        req: requestFields(request),
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  installErrorHandler(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'http:', 'https:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // Pages and answers travel compressed for browsers that accept it (a phone's game list is ~10x smaller); brotli
  // at quality 4 costs well under a millisecond for a page. Built files are sent as the build precompressed them.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: BROTLI_PARAMS },
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16_384 });
  // Limits are set per endpoint from its contract's upload rule (registrar).
  await app.register(multipart, { throwFileSizeLimit: true });

  const { pool } = database;
  const limiter = createSharedRateLimiter(pool);
  const sealed = createSealedPayloads(pool);
  const proofOfWork = createProofOfWork(pool);
  const reportRealtimeError = (error: unknown) => app.log.warn({ err: error }, 'realtime delivery failed');
  const realtime = createRealtimeHub({
    fanout: config.REDIS_URL
      ? createRedisFanout({ url: config.REDIS_URL, onError: reportRealtimeError })
      : createPgFanout({ pool: database.pool, onError: reportRealtimeError }),
    onError: reportRealtimeError,
  });
  await realtime.start();
  app.addHook('onClose', async () => realtime.stop());
  // What operators change, cached per process and dropped on every instance when it changes (decision 0119).
  const caches = createPgCaches({
    pool: database.pool,
    onError: (error) => app.log.warn({ err: error }, 'cache invalidation listener failed'),
  });
  await caches.start();
  app.addHook('onClose', async () => caches.stop());

  // The options some modules read (tests' captcha text and message sender, the crash loop's timing).
  const moduleHost = {
    database,
    log: app.log,
    realtime,
    caches,
    config: {
      ...config,
      captchaText: options.captchaText,
      messageSender: options.messageSender,
      crash: options.crash,
      runJobs: options.runJobs,
    },
  };
  const modules = [...CORE_MODULES, ...MODULES];
  const built = await buildModules(modules, {
    ...moduleHost,
    services: { realtime, sealed, proofOfWork, limiter },
  });
  app.addHook('onClose', async () => built.close());
  const { merchants, session, admin } = built.services;

  const subscribers = [...built.subscribers, ...(options.events?.subscribers ?? [])];
  const events = createEventDispatcher({
    pool: database.pool,
    subscribers,
    onError: (error, { subscriber, eventId }) =>
      app.log.error({ err: error, subscriber, eventId: eventId?.toString() }, 'event delivery failed'),
  });
  if (options.events?.deliver !== false) await events.start();
  app.addHook('onClose', async () => events.stop());

  const registrar = createRegistrar(app, {
    resolveMerchant: merchants.resolve,
    checkSiteAccess,
    authenticateMember: session.authenticate,
    authenticateOperator: admin.authenticate,
    openSealed: sealed.open,
    countryHeader: config.COUNTRY_HEADER,
  });
  await registerRealtimeSocket(app, realtime, {
    resolveMerchant: merchants.resolve,
    checkSiteAccess,
    authenticateMember: session.authenticate,
    authenticateOperator: admin.authenticate,
    countryHeader: config.COUNTRY_HEADER,
  });
  await registerModuleRoutes(modules, registrar, built, moduleHost);
  // The events' dead letters and retries in the back office (platform/events).
  registerEventsAdminRoutes(registrar, { events, admin, pool: database.pool });

  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // A merchant's other sites time this from the mirror-site list (/lines): readable across origins, nothing secret.
  app.get('/healthz', async (_request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return { status: 'ok' };
  });
  // A draining instance (shutdown begun) answers 503 at once, so a balancer's health check takes it out of rotation
  // while it still answers the requests that reach it (platform/http/shutdown.ts).
  let isDraining = false;
  app.get('/readyz', async (_request, reply) => {
    if (isDraining) return reply.status(503).send({ status: 'draining' });
    try {
      await database.pool.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // Scheduled work, once per period across every instance on this database (platform/jobs, decision 0048).
  if (options.runJobs !== false) {
    const jobs = createJobs(database.pool, {
      onError: (error, details) => app.log.error({ err: error, ...details }, 'scheduled job failed'),
    });
    for (const job of built.jobs) jobs.define(job);
    jobs.define(
      retentionJob(database.pool, {
        subscribers: subscribers.map((subscriber) => subscriber.name),
        onDone: (result) => app.log.info(result, 'retention: delivered events and old job runs removed'),
      }),
    );
    await jobs.start();
    app.addHook('onClose', async () => jobs.stop());
  }

  const webApp = built.services.webapp;
  // The page comes with site start's status answer and a first visit's content and game navigation, so the
  // browser starts the site and draws its first screen without waiting for them (decisions 0033, 0034).
  await registerStaticSites(app, options.sites ?? { webDir: webDistDir, adminDir: adminDistDir }, async (request) => {
    const headWithAnswers = webApp.pageHead(request.hostname).then(async ({ defaultLanguage, ...page }) => ({
      page,
      answers: await firstVisitAnswers(app, request, defaultLanguage),
    }));
    const [{ page, answers }, status] = await Promise.all([
      headWithAnswers,
      siteStartAnswer(app, request, config.COUNTRY_HEADER),
    ]);
    // Without site start's answer the browser asks for everything itself.
    return status ? { ...page, head: [page.head, status, ...answers].join('\n  ') } : page;
  });
  // The platform's services and every listed module's, in one object modules also read through (list order).
  const services = Object.assign(built.services, { events, modules: built });
  const startDraining = () => {
    isDraining = true;
  };
  return { app, services, startDraining, cachesSettled: caches.settled };
};
