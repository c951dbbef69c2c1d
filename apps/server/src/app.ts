import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CRASH_TOPIC } from '@tessera/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { createAccountRepository, createAccountService, registerAccountRoutes } from './modules/account';
import {
  createAdminRepository,
  createAdminService,
  registerAdminCashierRoutes,
  registerAdminContentRoutes,
  registerAdminEventsRoutes,
  registerAdminGamesRoutes,
  registerAdminInhouseRoutes,
  registerAdminMemberRoutes,
  registerAdminPromotionsRoutes,
  registerAdminRebateRoutes,
  registerAdminReferralRoutes,
  registerAdminRoutes,
} from './modules/admin';
import { createBetsRepository, createBetsService, registerBetsRoutes } from './modules/bets';
import {
  createCashierRepository,
  createCashierService,
  createSandboxGatewayClient,
  registerCashierRoutes,
  registerGatewayCallbackRoute,
} from './modules/cashier';
import { contactModule } from './modules/contact';
import {
  createContentRepository,
  createContentService,
  registerContentImageRoute,
  registerContentRoutes,
} from './modules/content';
import {
  createCatalogue,
  createGamesRepository,
  createGamesService,
  IN_HOUSE_VENDOR,
  maskName,
  registerGameMediaRoutes,
  registerGamesRoutes,
} from './modules/games';
import {
  type CrashTiming,
  createCrashGame,
  createInhouseEvents,
  createInhouseRepository,
  createInhouseService,
  DEFAULT_CRASH_TIMING,
  registerInhouseRoutes,
} from './modules/inhouse';
import { createLedgerRepository, createLedgerService } from './modules/ledger';
import { createMembersRepository, createMembersService, registerMembersRoutes } from './modules/members';
import { createMerchantsRepository, createMerchantsService, siteBaseUrl } from './modules/merchants';
import { createMessagesService, registerMessagesRoutes } from './modules/messages';
import {
  createPromotionsSubscribers,
  createRebateRepository,
  createRebateService,
  createReferralRepository,
  createReferralService,
  createRewardsRepository,
  createRewardsService,
  createVipRepository,
  createVipService,
  registerRebateRoutes,
  registerReferralRoutes,
  registerRewardsRoutes,
  registerVipRoutes,
} from './modules/promotions';
import {
  createProviderRegistry,
  createProvidersRepository,
  createSeamlessService,
  DEMO_PROVIDER_CODE,
  registerSeamlessRoutes,
} from './modules/providers';
import { createRegisterService, registerRegisterRoutes } from './modules/register';
import { createSessionRepository, createSessionService, registerSessionRoutes } from './modules/session';
import { checkSiteAccess, createCaptchaService, registerSystemRoutes } from './modules/system';
import {
  createOutboxSender,
  createVerificationRepository,
  createVerificationService,
  type MessageSender,
} from './modules/verification';
import {
  createBalancePusher,
  createWalletMovesService,
  createWalletService,
  registerWalletRoutes,
} from './modules/wallet';
import { createWebAppService, firstVisitAnswers, registerWebAppRoutes, siteStartAnswer } from './modules/webapp';
import { createWithdrawalsRepository, createWithdrawalsService, registerWithdrawalRoutes } from './modules/withdrawals';
import type { Config } from './platform/config';
import type { Database } from './platform/db/database';
import { createEventDispatcher, type EventDispatcher, type Subscriber } from './platform/events';
import { answerFrameworkError, installErrorHandler } from './platform/http/error-handler';
import { buildOpenApiDocument } from './platform/http/openapi';
import { createRegistrar } from './platform/http/registrar';
import { BROTLI_PARAMS, registerStaticSites } from './platform/http/static-sites';
import { createJobs } from './platform/jobs';
import { bufferedStdout } from './platform/log-destination';
import { loggerOptions } from './platform/logger';
import {
  type AnyModule,
  type BuiltModules,
  buildModules,
  type ModuleServices,
  registerModuleRoutes,
} from './platform/modules';
import { adminDistDir, webDistDir } from './platform/paths';
import { createPgFanout, createRealtimeHub, type RealtimeHub, registerRealtimeSocket } from './platform/realtime';
import { createProofOfWork } from './platform/security/proof-of-work';
import { createSealedPayloads } from './platform/security/sealed-payload';
import { createSecretBox } from './platform/security/secret-box';
import { createSharedRateLimiter } from './platform/security/shared-rate-limiter';

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

export type AppConfig = Pick<
  Config,
  | 'LOG_LEVEL'
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

/** The services built before the listed modules (being moved into module definitions, decision 0052). */
export interface CoreServices {
  merchants: ReturnType<typeof createMerchantsService>;
  admin: ReturnType<typeof createAdminService>;
  members: ReturnType<typeof createMembersService>;
  session: ReturnType<typeof createSessionService>;
  verification: ReturnType<typeof createVerificationService>;
  sealed: ReturnType<typeof createSealedPayloads>;
  proofOfWork: ReturnType<typeof createProofOfWork>;
  ledger: ReturnType<typeof createLedgerService>;
  messages: ReturnType<typeof createMessagesService>;
  cashier: ReturnType<typeof createCashierService>;
  content: ReturnType<typeof createContentService>;
  wallet: ReturnType<typeof createWalletService>;
  /** Push to browsers: `publishToMember` for a member's own events, `broadcast` and `defineTopic` for public ones. */
  realtime: RealtimeHub;
  games: ReturnType<typeof createGamesService>;
  bets: ReturnType<typeof createBetsService>;
  providers: ReturnType<typeof createProviderRegistry>;
  inhouse: ReturnType<typeof createInhouseService>;
  inhouseEvents: ReturnType<typeof createInhouseEvents>;
  /** Multiplayer crash: `service` for the routes, `loop` the round loop (leader election and timers). */
  crash: ReturnType<typeof createCrashGame>;
  withdrawals: ReturnType<typeof createWithdrawalsService>;
  walletMoves: ReturnType<typeof createWalletMovesService>;
  account: ReturnType<typeof createAccountService>;
  rebate: ReturnType<typeof createRebateService>;
  /** The reward centre: `grantReward` for capabilities that earn members money, and the claim. */
  rewards: ReturnType<typeof createRewardsService>;
  /** The referral programme: friends' qualifying deposits earn their referrer rewards, evaluated when read. */
  referral: ReturnType<typeof createReferralService>;
  /** The VIP programme: levels per merchant, members' ranks evaluated when read, upgrade bonuses as rewards. */
  vip: ReturnType<typeof createVipService>;
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
 * The capabilities, each wired by its own definition (its services, routes, jobs, subscribers and demo seed;
 * `platform/modules`, decision 0052). A module reads only the core services and the modules listed before it.
 */
export const MODULES: readonly AnyModule[] = [contactModule];

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
): Promise<{ app: FastifyInstance; services: AppServices }> => {
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
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);

  await app.register(helmet, {
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

  const { db } = database;
  const limiter = createSharedRateLimiter(db);
  const sealed = createSealedPayloads(db);
  const proofOfWork = createProofOfWork(db);
  const merchants = createMerchantsService(createMerchantsRepository(db));
  const admin = createAdminService(createAdminRepository(db));
  const members = createMembersService(createMembersRepository(db));
  const reportRealtimeError = (error: unknown) => app.log.warn({ err: error }, 'realtime delivery failed');
  const realtime = createRealtimeHub({
    fanout: createPgFanout({ pool: database.pool, onError: reportRealtimeError }),
    onError: reportRealtimeError,
  });
  await realtime.start();
  app.addHook('onClose', async () => realtime.stop());
  const ledger = createLedgerService(createLedgerRepository(db, database.pool), {
    onMemberBalanceChange: (merchantCode, memberIds) => pushBalance(merchantCode, memberIds),
  });
  const wallet = createWalletService(ledger);
  const pushBalance = createBalancePusher({
    wallet,
    currencyOf: async (code) => (await merchants.resolve({ code, host: '' })).settings.currency,
    publish: (merchantCode, memberId, balance) =>
      realtime.publishToMember(merchantCode, memberId, 'wallet.balance', balance),
    onError: reportRealtimeError,
  });
  const messages = createMessagesService(db, {
    onUnreadChange: (merchantCode, memberId) => {
      messages
        .unreadCount(memberId)
        .then((unread) => realtime.publishToMember(merchantCode, memberId, 'messages.unread', { unread }))
        .catch(reportRealtimeError);
    },
  });
  const content = createContentService(createContentRepository(db));
  const cashier = createCashierService({
    repository: createCashierRepository(db),
    ledger,
    messages,
    gateway: createSandboxGatewayClient({
      baseUrl: config.SANDBOX_GATEWAY_URL,
      merchantId: config.SANDBOX_GATEWAY_MERCHANT_ID,
      secret: config.SANDBOX_GATEWAY_SECRET,
    }),
    urls: {
      callbackUrl: (merchantCode) => `${config.internalUrl}/wps/cashier/callback/sandbox/${merchantCode}`,
      siteBase: (merchant, host) => siteBaseUrl(merchant.settings, host),
    },
  });
  const captcha = createCaptchaService(db, limiter, options.captchaText);
  const secretBox = createSecretBox(db, 'member-secrets');
  // In development the outbox also prints each message (codes included) to the log; never in production.
  const sender =
    options.messageSender ??
    createOutboxSender(db, config.NODE_ENV === 'development' ? (line) => app.log.info(line) : undefined);
  const verification = createVerificationService(db, createVerificationRepository(db), sender, limiter);
  const session = createSessionService({
    repository: createSessionRepository(db, database.pool),
    members,
    verification,
    captcha,
    proofOfWork,
    limiter,
    secretBox,
  });
  const account = createAccountService({
    repository: createAccountRepository(db),
    members,
    session,
    verification,
    sender,
    limiter,
    secretBox,
  });
  const withdrawals = createWithdrawalsService({
    repository: createWithdrawalsRepository(db, database.pool),
    ledger,
    messages,
    account,
    merchantOf: (code) => merchants.resolve({ code, host: '' }),
  });
  const walletMoves = createWalletMovesService({ ledger, members, account });
  const register = createRegisterService({ members, session, verification, captcha, proofOfWork });
  const providers = createProviderRegistry([
    {
      code: DEMO_PROVIDER_CODE,
      name: 'Tessera demo provider',
      launchUrl: config.REFERENCE_PROVIDER_URL,
      secret: config.REFERENCE_PROVIDER_SECRET,
    },
  ]);
  const bets = createBetsService(createBetsRepository(database.pool), database.pool);
  // Reading a member's rewards first grants what it has earned: VIP upgrade bonuses (decision 0040) and what its
  // referred friends earned it (decision 0044).
  const rewards = createRewardsService({
    repository: createRewardsRepository(database.pool),
    ledger,
    evaluators: [
      (merchant, member) => vip.grantEarned(merchant, member),
      (merchant, member) => referral.evaluate(merchant, member),
    ],
  });
  const vip = createVipService({
    repository: createVipRepository(database.pool),
    rewards,
    totals: { deposits: cashier.creditedDepositTotal, validBets: bets.validBetTotal },
  });
  const referral = createReferralService({
    repository: createReferralRepository(database.pool),
    members,
    cashier,
    grantReward: rewards.grantReward,
  });
  const gamesRepository = createGamesRepository(database.pool);
  const catalogue = createCatalogue({
    pool: database.pool,
    load: gamesRepository.catalogue,
    onError: (error) => app.log.warn({ err: error }, 'game catalogue listener failed'),
  });
  await catalogue.start();
  app.addHook('onClose', async () => catalogue.stop());
  const games = createGamesService({
    repository: gamesRepository,
    bets,
    memberName: async (memberId) => (await members.findById(memberId))?.account ?? null,
    providerLaunchUrl: providers.launchUrl,
    catalogue,
  });
  const seamless = createSeamlessService({
    pool: database.pool,
    repository: createProvidersRepository(),
    ledger,
    bets,
    games,
  });
  const rebate = createRebateService({ repository: createRebateRepository(database.pool), bets, ledger, limiter });
  const inhouseEvents = createInhouseEvents((error, event) =>
    app.log.error({ err: error, roundId: event.roundId }, 'in-house event listener failed'),
  );
  const inhouseRepository = createInhouseRepository(database.pool);
  const inhouse = createInhouseService({
    repository: inhouseRepository,
    ledger,
    events: inhouseEvents,
    bets,
    catalogueId: async (gameCode) => (await gamesRepository.findByCode('', IN_HOUSE_VENDOR, gameCode))?.id ?? null,
  });
  const crash = createCrashGame({
    pool: database.pool,
    inhouse,
    inhouseRepository,
    publish: (merchantCode, type, data) => realtime.broadcast(merchantCode, CRASH_TOPIC, type, data),
    playerName: async (memberId) => maskName((await members.findById(memberId))?.account ?? '?'),
    merchantCodes: async () =>
      (await merchants.list(null)).filter((merchant) => merchant.settings.enabled).map((merchant) => merchant.code),
    timing: options.crash?.timing ?? DEFAULT_CRASH_TIMING,
    chainLength: options.crash?.chainLength,
    onError: (error, context) => app.log.error({ err: error }, context),
  });
  realtime.defineTopic(CRASH_TOPIC, {
    access: 'public',
    snapshot: async ({ merchantCode }) => {
      const event = await crash.service.snapshot(merchantCode);
      return event ? { type: 'crash.round', data: event } : null;
    },
  });
  if (options.crash?.drive !== false) crash.loop.start();
  app.addHook('onClose', async () => crash.loop.stop());

  const registrar = createRegistrar(app, {
    resolveMerchant: merchants.resolve,
    checkSiteAccess,
    authenticateMember: session.authenticate,
    authenticateOperator: admin.authenticate,
    openSealed: sealed.open,
    countryHeader: config.COUNTRY_HEADER,
  });

  const moduleHost = { database, log: app.log, realtime, config };
  const built = await buildModules(MODULES, {
    ...moduleHost,
    services: {
      merchants,
      admin,
      members,
      session,
      verification,
      sealed,
      proofOfWork,
      ledger,
      messages,
      cashier,
      content,
      wallet,
      realtime,
      games,
      bets,
      providers,
      inhouse,
      inhouseEvents,
      crash,
      withdrawals,
      walletMoves,
      account,
      rebate,
      rewards,
      referral,
      vip,
    },
  });
  app.addHook('onClose', async () => built.close());

  const events = createEventDispatcher({
    pool: database.pool,
    subscribers: [
      ...built.subscribers,
      ...createPromotionsSubscribers({
        vip,
        referral,
        merchantOf: (code) => merchants.resolve({ code, host: '' }),
        memberOf: members.findById,
      }),
      ...(options.events?.subscribers ?? []),
    ],
    onError: (error, { subscriber, eventId }) =>
      app.log.error({ err: error, subscriber, eventId: eventId?.toString() }, 'event delivery failed'),
  });
  if (options.events?.deliver !== false) await events.start();
  app.addHook('onClose', async () => events.stop());

  registerSystemRoutes(registrar);
  registerSessionRoutes(registrar, { session, sealed, proofOfWork, captcha });
  registerMembersRoutes(registrar, members);
  registerRegisterRoutes(registrar, register);
  registerAccountRoutes(registrar, account);
  registerWalletRoutes(registrar, { wallet, moves: walletMoves });
  await registerRealtimeSocket(app, realtime, {
    resolveMerchant: merchants.resolve,
    checkSiteAccess,
    authenticateMember: session.authenticate,
    authenticateOperator: admin.authenticate,
    countryHeader: config.COUNTRY_HEADER,
  });
  registerMessagesRoutes(registrar, messages);
  registerCashierRoutes(registrar, cashier);
  registerWithdrawalRoutes(registrar, withdrawals);
  registerContentRoutes(registrar, content);
  registerContentImageRoute(app, content);
  registerGamesRoutes(registrar, games);
  registerGameMediaRoutes(app, games);
  registerBetsRoutes(registrar, bets, games.describe);
  registerInhouseRoutes(registrar, inhouse, crash.service);
  registerRebateRoutes(registrar, rebate);
  registerRewardsRoutes(registrar, rewards);
  registerReferralRoutes(registrar, referral);
  registerVipRoutes(registrar, vip);
  await registerSeamlessRoutes(app, { seamless, registry: providers });
  await registerGatewayCallbackRoute(app, {
    cashier,
    secret: config.SANDBOX_GATEWAY_SECRET,
    merchantOf: (code) => merchants.resolve({ code, host: '' }),
    log: (message, details) => app.log.warn(details, message),
  });
  registerAdminRoutes(registrar, admin, merchants);
  registerAdminMemberRoutes(registrar, { admin, members, session, verification });
  registerAdminCashierRoutes(registrar, { admin, cashier, withdrawals, wallet: walletMoves, merchants, members });
  registerAdminContentRoutes(registrar, { admin, content, merchants });
  registerAdminGamesRoutes(registrar, { admin, games, merchants });
  registerAdminInhouseRoutes(registrar, { admin, inhouse, merchants });
  registerAdminEventsRoutes(registrar, { events });
  registerAdminRebateRoutes(registrar, { admin, rebate, merchants, members });
  registerAdminPromotionsRoutes(registrar, { admin, rewards, vip, merchants, members });
  registerAdminReferralRoutes(registrar, { admin, referral, merchants });
  await registerModuleRoutes(MODULES, registrar, built, moduleHost);

  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
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
    // Auto-confirms payouts past their window and heals orders a dead process left half-done. Each step is also
    // idempotent by its own key, so the run is recorded when it has finished: a run cut short is retried whole.
    jobs.define({
      name: 'withdrawals_due',
      schedule: { everySeconds: 15 },
      run: (job) => job.once(() => withdrawals.runDue()),
    });
    for (const job of built.jobs) jobs.define(job);
    await jobs.start();
    app.addHook('onClose', async () => jobs.stop());
  }

  const webApp = createWebAppService({ merchants, content });
  registerWebAppRoutes(app, webApp);
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
  // The core services and every listed module's, in one object modules also read through (built in list order).
  const services = Object.assign(built.services, { events, modules: built });
  return { app, services };
};
