import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { packagePath } from '../../src/platform/runtime/layout.ts';

/**
 * The rules of `.dependency-cruiser.cjs` run over a small tree planted in a temporary folder, laid
 * out like the repository: each rule must report the import planted against it, and the imports the
 * rules allow (the listed exceptions among them) must pass. `npm run check` runs the same rules
 * over the real tree.
 */

const config = packagePath('.dependency-cruiser.cjs');
const ruleNames: string[] = createRequire(import.meta.url)(config).forbidden.map((rule: { name: string }) => rule.name);

/** Each planted file and the imports it holds. */
const tree: Record<string, string[]> = {
  // Allowed: the plumbing the planted modules import.
  'src/platform/clock.ts': [],
  'src/platform/ids.ts': [],
  'src/platform/db/database.ts': [],
  'src/platform/db/pglite-driver.ts': [],
  'src/modules/organizations/index.ts': [],
  'src/modules/products/repository.ts': ['../../platform/db/database.ts'],
  'src/modules/products/index.ts': ['./repository.ts'],
  // Allowed: a module's test support imports the tests' support; a test and a benchmark import src/.
  'src/modules/products/products.test-support.ts': ['../../../test/support/app.ts'],
  'test/support/app.ts': ['../../src/modules/products/index.ts'],
  'bench/products.ts': ['../src/modules/products/index.ts', '../test/support/app.ts'],
  // Allowed: the one exception of usage-is-a-leaf, and the one file the dashboard shares.
  'src/modules/usage/grant-credits.ts': ['../organizations/index.ts'],
  'dashboard/src/pages/events.ts': ['../../../src/modules/events/types.ts'],

  // Violations, one rule each.
  'dashboard/src/pages/one.ts': ['./two.ts'],
  'dashboard/src/pages/two.ts': ['./one.ts'],
  'test/support/left.ts': ['./right.ts'],
  'test/support/right.ts': ['./left.ts'],
  'src/cfdi/reads-files.ts': ['node:fs'],
  'src/modules/invoices/pdf/render.ts': ['../../../platform/clock.ts'],
  'src/modules/catalogs/builtin-lookup.ts': ['./lookup-helper.ts'],
  'src/modules/catalogs/lookup-helper.ts': ['../../platform/db/database.ts'],
  'src/platform/knows-a-module.ts': ['../modules/products/index.ts'],
  'src/modules/customers/routes.ts': ['./repository.ts'],
  'src/modules/customers/engine.ts': ['../../platform/db/pglite-driver.ts'],
  'src/modules/customers/repository.ts': ['../../platform/db/database.ts'],
  'src/modules/customers/create-customer.ts': ['../products/repository.ts'],
  'src/simulator/server.ts': ['../modules/products/index.ts'],
  'src/providers/pac/client.ts': ['../../simulator/server.ts'],
  'src/providers/sat/client.ts': ['../../modules/organizations/index.ts'],
  'src/modules/events/emit.ts': ['../organizations/index.ts'],
  'src/modules/usage/record-stamp.ts': ['../organizations/index.ts'],
  'src/modules/exports/run-export.ts': ['../../../test/support/app.ts'],
  'src/app.ts': ['../dashboard/src/pages/events.ts'],
  'dashboard/src/pages/products.ts': ['../../../src/modules/products/index.ts'],
  'src/modules/events/types.ts': ['../../platform/ids.ts'],
  'dashboard/src/pages/invoice-totals.ts': ['../../../src/cfdi/totals.ts'],
  'src/cfdi/totals.ts': [],
};

/** The violations the planted tree must produce: rule, and the file that breaks it. */
const expected: [string, string][] = [
  ['no-circular', 'dashboard/src/pages/one.ts'],
  ['no-circular', 'test/support/left.ts'],
  ['cfdi-is-pure', 'src/cfdi/reads-files.ts'],
  ['pdf-renderer-is-pure', 'src/modules/invoices/pdf/render.ts'],
  ['builtin-catalogs-are-data', 'src/modules/catalogs/builtin-lookup.ts'],
  ['platform-imports-no-module', 'src/platform/knows-a-module.ts'],
  ['routes-call-verbs', 'src/modules/customers/routes.ts'],
  ['modules-do-not-import-the-engine', 'src/modules/customers/engine.ts'],
  ['modules-meet-through-index', 'src/modules/customers/create-customer.ts'],
  ['simulator-is-another-program', 'src/simulator/server.ts'],
  ['service-does-not-import-simulator', 'src/providers/pac/client.ts'],
  ['providers-import-no-module', 'src/providers/sat/client.ts'],
  ['events-is-a-leaf', 'src/modules/events/emit.ts'],
  ['usage-is-a-leaf', 'src/modules/usage/record-stamp.ts'],
  ['service-does-not-import-tests', 'src/modules/exports/run-export.ts'],
  ['service-does-not-import-dashboard', 'src/app.ts'],
  ['dashboard-talks-to-the-service-over-http', 'dashboard/src/pages/products.ts'],
  ['shared-with-dashboard-imports-nothing', 'src/modules/events/types.ts'],
  ['dashboard-talks-to-the-service-over-http', 'dashboard/src/pages/invoice-totals.ts'],
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

describe('the dependency rules of npm run check', () => {
  let folder: string;
  let violations: Violation[];

  before(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-rules-'));
    for (const [file, imports] of Object.entries(tree)) {
      fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
      const lines = imports.map((specifier, index) => `import * as imported${index} from '${specifier}';`);
      const uses = imports.map((_, index) => `imported${index}`).join(', ');
      fs.writeFileSync(path.join(folder, file), `${lines.join('\n')}\nexport const uses = [${uses}];\n`);
    }
    fs.writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true } }),
    );
    const run = spawnSync(
      process.execPath,
      [
        packagePath('node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        'src',
        'dashboard/src',
        'test',
        'bench',
        '--config',
        config,
        '--output-type',
        'json',
      ],
      { cwd: folder, encoding: 'utf8' },
    );
    assert.ok(run.stdout, `dependency-cruiser printed nothing: ${run.stderr}`);
    violations = JSON.parse(run.stdout).summary.violations;
  });

  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  test('every rule is planted against here', () => {
    assert.deepEqual([...new Set(expected.map(([rule]) => rule))].sort(), [...ruleNames].sort());
  });

  for (const [rule, from] of expected) {
    test(`${rule} reports ${from}`, () => {
      assert.ok(
        violations.some((violation) => violation.rule.name === rule && violation.from === from),
        `not reported; reported: ${violations.map((violation) => `${violation.rule.name} ${violation.from} → ${violation.to}`).join('; ')}`,
      );
    });
  }

  test('the imports the rules allow pass, and nothing else is reported', () => {
    const unexpected = violations.filter(
      (violation) => !expected.some(([rule, from]) => rule === violation.rule.name && (from === violation.from || rule === 'no-circular')),
    );
    assert.deepEqual(
      unexpected.map((violation) => `${violation.rule.name} ${violation.from} → ${violation.to}`),
      [],
    );
  });
});
