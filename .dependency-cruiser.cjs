/** The one-way dependency rules of ARCHITECTURE.md section 2, checked by `npm run boundaries` in `npm test`. */
module.exports = {
  forbidden: [
    {
      name: 'packages-import-no-app',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-import-zod-only',
      comment: 'Contracts are shared by server and browsers: nothing but zod and themselves.',
      severity: 'error',
      from: { path: '^packages/contracts/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypesNot: ['local'], pathNot: ['node_modules/zod/', '^packages/contracts/'] },
    },
    {
      name: 'apps-import-no-other-app',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment: 'The app layer composes features; a feature never reaches into another.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/([^/]+)/' },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'server-module-through-index',
      comment: 'A server module reaches another only through its index.ts (its definition and service types).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.schema\\.ts$' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-no-other-module-tables-or-repository',
      comment:
        "A module never reads another module's tables (*.schema.ts) or repository: it asks that module's service, " +
        'or reacts to its event (issue 21). Only a table declaration may name another table, for a foreign key.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: ['\\.schema\\.ts$', '\\.test\\.ts$'] },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+\\.(schema|repository)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'schema-references-only-tables',
      comment: "A module's tables name another module's tables (foreign keys) and nothing else of it.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/[^/]+\\.schema\\.ts$' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/[^/]+\\.schema\\.ts$'],
      },
    },
    {
      name: 'no-http-in-services',
      comment:
        'A service knows no HTTP: no Fastify, no registrar, no request context (SiteContext, Caller…). It takes ' +
        "the merchant, the member and the client's facts (platform/principals.ts); routes translate requests.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/.+\\.service\\.ts$' },
      to: {
        path: [
          'node_modules/fastify',
          'node_modules/@fastify/',
          '^apps/server/src/platform/http/(registrar|context|envelope|error-handler|static-sites|validation)\\.ts$',
        ],
      },
    },
    {
      name: 'platform-has-no-business-rules',
      comment: 'platform/ (http, db, security) never imports a business module; tests may use module fixtures.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.tmp|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
