/**
 * The rules of direction of docs/decisions.md ("Layout and rules of direction") and
 * docs/architecture.md, checked by dependency-cruiser over src/, dashboard/src/, test/ and bench/
 * in `npm run check` and in CI. test/platform/dependency-rules.test.ts plants a violation of each
 * rule and sees it reported.
 */
const test = '\\.(test|test-support)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, in the service, the dashboard, the tests or the benchmarks: each file can be understood after the files it imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'cfdi-is-pure',
      severity: 'error',
      comment: 'src/cfdi/ is the pure engine: no platform, module, provider or simulator code, no I/O. Time, ids, keys and certificates come in as arguments.',
      from: { path: '^src/cfdi/', pathNot: [test, '^src/cfdi/cli\\.ts$'] },
      to: {
        path: [
          '^src/(platform|modules|providers|simulator)/',
          '^(node:)?(fs|fs/promises|http|https|http2|net|tls|dgram|dns|child_process|cluster|worker_threads)$',
          '^(pg|kysely|@electric-sql/pglite|ioredis|fastify)$',
        ],
      },
    },
    {
      name: 'pdf-renderer-is-pure',
      severity: 'error',
      comment: 'src/modules/invoices/pdf/ renders a Comprobante and its branding to bytes (on a worker thread): it imports the CFDI engine and its own files, no platform, module, provider, database or HTTP code.',
      from: { path: '^src/modules/invoices/pdf/', pathNot: test },
      to: {
        path: [
          '^src/(platform|providers|simulator)/',
          '^src/modules/(?!invoices/pdf/)',
          '^(node:)?(fs|fs/promises|http|https|http2|net|tls|dgram|dns|child_process|cluster|worker_threads)$',
          '^(pg|kysely|@electric-sql/pglite|ioredis|fastify)$',
        ],
      },
    },
    {
      name: 'builtin-catalogs-are-data',
      severity: 'error',
      comment: '`invoicing cfdi validate` checks keys against the built-in catalogs through this file: nothing it reaches may open a database or serve HTTP.',
      from: { path: '^src/modules/catalogs/builtin-lookup\\.ts$' },
      to: {
        reachable: true,
        path: ['^src/platform/(db|http)/', '^(pg|kysely|@electric-sql/pglite|ioredis|fastify)$', '^(node:)?(http|https|http2|net|tls)$'],
      },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'src/platform/ is shared plumbing: it knows no module, provider or simulator.',
      from: { path: '^src/platform/', pathNot: test },
      to: { path: '^src/(modules|providers|simulator)/' },
    },
    {
      name: 'modules-do-not-import-the-engine',
      severity: 'error',
      comment:
        'Modules use the database through Kysely and DatabaseHandle.capabilities; the embedded engine (PGlite) and its driver are the platform\'s (test/platform/engine-seam.test.ts holds the rule for the text of modules).',
      from: { path: '^src/modules/' },
      to: { path: '^src/platform/db/pglite-|@electric-sql/pglite' },
    },
    {
      name: 'routes-call-verbs',
      severity: 'error',
      comment: 'Routes are thin (schema, verb, serializer): no repository, Kysely or database handle.',
      from: { path: '^src/modules/[^/]+/routes\\.ts$' },
      to: { path: ['^src/modules/[^/]+/(repository|[^/]*-repository)\\.ts$', '^kysely$', '^src/platform/db/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'modules-meet-through-index',
      severity: 'error',
      comment: 'A module reaches another only through its index.ts.',
      from: { path: '^src/modules/([^/]+)/', pathNot: test },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'simulator-is-another-program',
      severity: 'error',
      comment:
        'The simulator talks to the service only over HTTP: it imports no module, and no module imports it. It reads one piece of data the product owns, c_Moneda, as a PAC holds its own copy of the SAT catalogs.',
      from: { path: '^src/simulator/', pathNot: test },
      to: { path: '^src/modules/', pathNot: '^src/modules/catalogs/builtin/moneda\\.ts$' },
    },
    {
      name: 'service-does-not-import-simulator',
      severity: 'error',
      comment: 'Only the composition root starts the simulator; the service reaches it over HTTP.',
      from: { path: '^src/(modules|providers|platform)/', pathNot: test },
      to: { path: '^src/simulator/' },
    },
    {
      name: 'providers-import-no-module',
      severity: 'error',
      comment: 'src/providers/ are the clients of the SAT and the PAC: they take what they need as arguments and know no module.',
      from: { path: '^src/providers/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'events-is-a-leaf',
      severity: 'error',
      comment: 'Every module emits events: src/modules/events imports no other module, or it would sit in a cycle with its callers.',
      from: { path: '^src/modules/events/', pathNot: test },
      to: { path: '^src/modules/', pathNot: '^src/modules/events/' },
    },
    {
      name: 'usage-is-a-leaf',
      severity: 'error',
      comment:
        'Stamping and validating record usage: src/modules/usage imports no other module. grant-credits.ts, the operator command behind `invoicing credits grant`, is the one exception today: it looks the organization up through organizations/index.ts.',
      from: { path: '^src/modules/usage/', pathNot: [test, '^src/modules/usage/grant-credits\\.ts$'] },
      to: { path: '^src/modules/', pathNot: '^src/modules/usage/' },
    },
    {
      name: 'service-does-not-import-tests',
      severity: 'error',
      comment: 'Tests and benchmarks import src/; the service never imports them (its own *.test-support.ts files may, being tests).',
      from: { path: '^src/', pathNot: test },
      to: { path: '^(test|bench|browser)/' },
    },
    {
      name: 'service-does-not-import-dashboard',
      severity: 'error',
      comment: 'The service serves the built dashboard as files; it imports none of its sources.',
      from: { path: '^src/' },
      to: { path: '^dashboard/' },
    },
    {
      name: 'dashboard-talks-to-the-service-over-http',
      severity: 'error',
      comment:
        'The dashboard is a browser program: it imports no server, test or benchmark code. The one shared file is src/modules/events/types.ts (the list of event types), which imports nothing. Amounts the dashboard shows come from the API (the running total of an invoice form from POST /v1/invoices/preview), never from a copy of the engine.',
      from: { path: '^dashboard/src/' },
      to: { path: '^(src|test|bench)/', pathNot: ['^src/modules/events/types\\.ts$'] },
    },
    {
      name: 'shared-with-dashboard-imports-nothing',
      severity: 'error',
      comment: 'src/modules/events/types.ts is bundled into the dashboard: it stays plain data and imports nothing.',
      from: { path: '^src/modules/events/types\\.ts$' },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    exclude: { path: '^node_modules' },
  },
};
