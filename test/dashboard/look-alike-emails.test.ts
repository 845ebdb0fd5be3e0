import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sql } from 'kysely';
import { normaliseEmail } from '../../src/modules/dashboard/email.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { migrate, readMigrations } from '../../src/platform/db/migrate.ts';
import { openTestDatabase } from '../support/database.ts';
import { createDashboardApp, PASSWORD, signIn, signUp, type DashboardApp } from './support.ts';

// One address in several spellings: full-width letters, a decomposed accent, upper case, an
// ideographic space around it, a compatibility ligature.
const LOOK_ALIKES = ['ｊｏｓｅ́@ｅｊｅｍｐｌｏ.ｍｘ', 'jose\u0301@ejemplo.mx', 'JOSÉ@EJEMPLO.MX', '\u3000José@Ejemplo.mx\u3000'];
const CANONICAL = 'josé@ejemplo.mx';

describe('look-alike e-mails', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp();
  });
  after(() => t.close());

  test('full-width letters, combining accents and case are one account: stored in NFKC lower case, found in any spelling', async () => {
    const first = await signUp(t, { email: 'ｊｏｓｅ́@Ｅｊｅｍｐｌｏ.ｍｘ' });
    assert.equal(first.body.user.email, CANONICAL);
    for (const spelling of LOOK_ALIKES) {
      const again = await t.request({
        method: 'POST',
        url: '/dashboard/api/sign_up',
        remoteAddress: '192.0.2.91',
        payload: { email: spelling, password: PASSWORD, organization_name: 'Copia SA' },
      });
      assert.equal(again.statusCode, 409, `${JSON.stringify(spelling)}: ${again.body}`);
      assert.equal(again.json().code, 'dashboard.email_in_use');
      const signedIn = await signIn(t, spelling, PASSWORD, { remoteAddress: '192.0.2.92' });
      assert.equal(signedIn.statusCode, 200, JSON.stringify(spelling));
      assert.equal(signedIn.json().user.id, first.body.user.id);
    }
  });

  test('the spelling is a fixed point: normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => normaliseEmail(normaliseEmail(text)) === normaliseEmail(text)),
      { numRuns: 2000 },
    );
  });
});

describe('the migration to NFKC e-mails', () => {
  let database: DatabaseHandle;
  const all = readMigrations();
  const version = all.find((migration) => migration.name === 'dashboard_email_nfkc')!.version;
  before(async () => {
    database = await openTestDatabase();
    await migrate(database, all.slice(0, version - 1));
  });
  after(() => database.close());

  test("gives rows stored before the rule the application's spelling; among look-alikes the row already spelt so, or else the earliest, keeps it", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 6, 1, 12, minute));
    await database.db
      .insertInto('organizations')
      .values({ id: 'org_nfkc', name: 'NFKC SA', email: null, parent_id: null, created_at: at(0), updated_at: at(0) })
      .execute();
    const users: Array<[string, string, number]> = [
      // Alone in its spelling: normalised.
      ['usr_fullwidth', 'ｍａｒｉａ@ｅｊｅｍｐｌｏ.ｍｘ', 1],
      ['usr_decomposed', 'rene\u0301@ejemplo.mx', 2],
      ['usr_ligature', 'ﬁscal@ejemplo.mx', 3],
      ['usr_plain', 'ana@ejemplo.mx', 4],
      // The later look-alike of a row already spelt canonically keeps its spelling.
      ['usr_lookalike_late', 'ａｎａ@ejemplo.mx', 5],
      // Two look-alikes, neither canonical: the earlier takes the spelling.
      ['usr_pair_second', 'ｌｕｉｓ@ejemplo.mx', 7],
      ['usr_pair_first', 'luis@ｅｊｅｍｐｌｏ.ｍｘ', 6],
    ];
    await database.db
      .insertInto('dashboard_users')
      .values(
        users.map(([id, email, minute]) => ({
          id,
          organization_id: 'org_nfkc',
          email,
          password_hash: '$scrypt$ln=15,r=8,p=1$AAAA$AAAA',
          created_at: at(minute),
          updated_at: at(minute),
        })),
      )
      .execute();
    await database.db
      .insertInto('dashboard_sign_in_attempts')
      .values([
        { scope: 'email', subject: 'ｍａｒｉａ@ｅｊｅｍｐｌｏ.ｍｘ', window_started_at: at(0), attempts: 2, locked_until: null },
        { scope: 'email', subject: 'ana@ejemplo.mx', window_started_at: at(0), attempts: 3, locked_until: null },
        { scope: 'address', subject: '192.0.2.1', window_started_at: at(0), attempts: 1, locked_until: null },
      ])
      .execute();

    assert.deepEqual(await migrate(database), [version, ...all.slice(version).map((migration) => migration.version)]);

    const rows = await database.db.selectFrom('dashboard_users').select(['id', 'email']).orderBy('id').execute();
    assert.deepEqual(Object.fromEntries(rows.map((row) => [row.id, row.email])), {
      usr_decomposed: 'rené@ejemplo.mx',
      usr_fullwidth: 'maria@ejemplo.mx',
      usr_ligature: 'fiscal@ejemplo.mx',
      usr_lookalike_late: 'ａｎａ@ejemplo.mx',
      usr_pair_first: 'luis@ejemplo.mx',
      usr_pair_second: 'ｌｕｉｓ@ejemplo.mx',
      usr_plain: 'ana@ejemplo.mx',
    });
    // The database's spelling is the application's.
    for (const row of rows.filter((item) => !item.id.startsWith('usr_lookalike') && item.id !== 'usr_pair_second')) {
      assert.equal(row.email, normaliseEmail(row.email), row.id);
    }
    for (const [id, email] of users) {
      const stored = rows.find((row) => row.id === id)!.email;
      if (stored !== email) assert.equal(stored, normaliseEmail(email), id);
    }
    const counters = await database.db.selectFrom('dashboard_sign_in_attempts').select(['scope', 'subject']).orderBy('subject').execute();
    assert.deepEqual(counters, [
      { scope: 'address', subject: '192.0.2.1' },
      { scope: 'email', subject: 'ana@ejemplo.mx' },
    ]);
  });

  test("PostgreSQL's normalize and lower give the application's spelling for look-alikes", async () => {
    const samples = [...LOOK_ALIKES.map((text) => text.trim()), 'ℌ𝐀@x.mx', 'Ⅻ@x.mx', 'ǅ@x.mx', 'Ⓐⓑ@x.mx', 'ﬀ@x.mx', 'Ｍｉｘｅｄ＠Ｆｕｌｌ．ｍｘ'].map((text) =>
      text.toLowerCase(),
    );
    for (const sample of samples) {
      const result = await sql<{ email: string }>`SELECT btrim(normalize(lower(normalize(${sample}, NFKC)), NFKC)) AS email`.execute(database.db);
      assert.equal(result.rows[0]!.email, normaliseEmail(sample), JSON.stringify(sample));
    }
  });
});
