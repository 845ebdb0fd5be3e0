import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { App } from '../../src/app.ts';
import { DATABASE_LOST_EXIT_CODE, exitWhenDatabaseLost } from '../../src/serve.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { DatabaseUnavailableError } from '../../src/platform/db/unavailable.ts';

test('a process whose embedded database is lost stops taking requests and exits with status 75 for its supervisor to restart it', async () => {
  let lose: ((error: Error) => void) | undefined;
  const database = { onLost: (listener: (error: Error) => void) => (lose = listener) };
  const events: string[] = [];
  const app = {
    services: { database } as unknown as App['services'],
    server: {
      close: async () => {
        events.push('server closed');
      },
    },
  };
  const exited = new Promise<number>((resolve) => {
    exitWhenDatabaseLost(app, { stderr: (text) => events.push(text) }, (code) => {
      events.push(`exit ${code}`);
      resolve(code);
    });
  });
  assert.ok(lose, 'the process listens for the loss');
  assert.deepEqual(events, []);
  lose(new DatabaseUnavailableError("The embedded database's thread stopped (exit code 1)."));
  assert.equal(await exited, DATABASE_LOST_EXIT_CODE);
  assert.equal(DATABASE_LOST_EXIT_CODE, 75);
  assert.match(events[0]!, /embedded database stopped .*thread stopped.*status 75/);
  assert.deepEqual(events.slice(1, 3), ['server closed', 'exit 75']);
});

test('a PostgreSQL database is never lost: the pool connects again when the server is back', async () => {
  // No server at this address: opening the pool connects to nothing yet.
  const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' });
  let told = false;
  database.onLost(() => {
    told = true;
  });
  await assert.rejects(
    database.db
      .selectFrom('jobs' as never)
      .selectAll()
      .execute(),
    DatabaseUnavailableError,
  );
  assert.equal(told, false);
  await database.close();
});
