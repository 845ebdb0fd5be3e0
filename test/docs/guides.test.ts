/**
 * Every curl command of the guides (docs/guides/*.md, and the README's "First requests") runs as
 * printed, with the real curl and bash, against a real server: the one `npm start` runs, on a
 * free port and a fresh database. Nothing in a command is rewritten: a curlrc sends curl's
 * connections for 127.0.0.1:3000 and localhost:3000 to the test server (`connect-to`) and reports
 * each transfer's HTTP status and exit code on stderr (`write-out`).
 *
 * The guides' conventions, which this test holds them to:
 * - a reader works in a folder holding the SAT's test credentials of EKU9003173C9 as `csd.cer`,
 *   `csd.key`, `fiel.cer` and `fiel.key` (password 12345678a) and a CFDI as `factura.xml`;
 * - the quickstart sets `INVOICING_KEY` (a test key) and `PROFILE` (a fiscal profile that can stamp
 *   and download), which every guide may use; any other variable a guide uses is set by an
 *   earlier command of that same guide (the commands run under `bash -u`), except the operator's
 *   `METRICS_TOKEN`, which the server was started with (the operations guide);
 * - a request answers 2xx, unless its block is marked `<!-- expect-status: N -->`; a command that
 *   cannot run against a local server is marked `<!-- not-run: reason -->`, and there are few.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startChildServer, type ChildServer } from '../support/child-server.ts';
import { createServerDatabase } from '../support/database.ts';
import { REPO_ROOT, satPath, skipWithoutShared } from '../support/shared.ts';
import { guideCommands, markdownSection, type GuideCommand } from './guide-commands.ts';

/** What the operator who started the server knows: the token of its metrics. */
const OPERATOR_VARIABLES = { METRICS_TOKEN: randomBytes(24).toString('hex') };
/** The variables the quickstart sets for every other guide. */
const SHARED_VARIABLES = ['INVOICING_KEY', 'PROFILE'];
/** How many commands the guides may mark `not-run`. */
const MOST_NOT_RUN = 2;
/** A command's longest run: the downloads guide waits for a download of the simulator. */
const COMMAND_TIMEOUT_MS = 60_000;

/** The files a reader of the guides has beside them. */
const READER_FILES: Record<string, string[]> = {
  'csd.cer': ['credentials', 'EKU9003173C9_CSD_30001000000500003416', 'EKU9003173C9.cer'],
  'csd.key': ['credentials', 'EKU9003173C9_CSD_30001000000500003416', 'EKU9003173C9.key'],
  'fiel.cer': ['credentials', 'EKU9003173C9_FIEL_30001000000500003415', 'EKU9003173C9.cer'],
  'fiel.key': ['credentials', 'EKU9003173C9_FIEL_30001000000500003415', 'EKU9003173C9.key'],
  'factura.xml': ['samples', 'cfdi40', 'test-stamped', 'I_EKU9003173C9_2025-02-19_test-pac.xml'],
};

interface Guide {
  name: string;
  commands: GuideCommand[];
  /** Whether it starts with the quickstart's variables (the README comes before the quickstart). */
  afterQuickstart: boolean;
}

function readGuides(): Guide[] {
  const readme = markdownSection(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'), 'First requests');
  const dir = path.join(REPO_ROOT, 'docs', 'guides');
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .sort((a, b) => Number(b === 'quickstart.md') - Number(a === 'quickstart.md') || a.localeCompare(b));
  return [
    { name: 'README.md (First requests)', commands: guideCommands(readme.text, 'README.md', readme.firstLine), afterQuickstart: false },
    ...files.map((file) => ({
      name: file,
      commands: guideCommands(fs.readFileSync(path.join(dir, file), 'utf8'), `docs/guides/${file}`),
      afterQuickstart: file !== 'quickstart.md',
    })),
  ];
}

interface Outcome {
  exit: number | string;
  /** One per curl transfer: its HTTP status (0 when none) and curl's exit code. */
  transfers: { status: number; exit: number }[];
  stdout: string;
  stderr: string;
  /** The value of the variable the command assigns. */
  value?: string;
}

const TRANSFER = /^@@curl (\d{3}) (\d+)$/gm;

/** Runs one command with bash in `cwd`, with `variables` in its environment. */
function runCommand(command: GuideCommand, cwd: string, home: string, variables: Record<string, string>): Promise<Outcome> {
  // The variable a command sets is read back through file descriptor 3.
  const readBack = command.assigns ? `\nprintf '%s' "\${${command.assigns}-}" >&3` : '';
  const script = `${command.text}\nguide_status=$?${readBack}\nexit $guide_status\n`;
  const child = spawn('bash', ['-u', '-c', script], {
    cwd,
    // The node that runs this test answers the guides' `node -p`.
    env: {
      PATH: [path.dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(path.delimiter),
      HOME: home,
      CURL_HOME: home,
      LANG: 'C.UTF-8',
      ...variables,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const output = { stdout: '', stderr: '', value: '' };
  for (const [stream, field] of [
    [child.stdout!, 'stdout'],
    [child.stderr!, 'stderr'],
    [child.stdio[3] as NodeJS.ReadableStream, 'value'],
  ] as const) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output[field] += chunk;
    });
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    // The whole process group: curl and node started by the command too (unless it just ended).
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }, COMMAND_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const transfers = [...output.stderr.matchAll(TRANSFER)].map((match) => ({ status: Number(match[1]), exit: Number(match[2]) }));
      resolve({
        exit: timedOut ? `killed after ${COMMAND_TIMEOUT_MS / 1000} s` : (signal ?? code ?? -1),
        transfers,
        stdout: output.stdout,
        stderr: output.stderr.replace(TRANSFER, '').trim(),
        ...(command.assigns ? { value: output.value } : {}),
      });
    });
  });
}

function report(command: GuideCommand, outcome: Outcome): string {
  return [
    `${command.where}:`,
    command.text,
    `exit: ${outcome.exit}; transfers: ${outcome.transfers.map((transfer) => `${transfer.status} (curl exit ${transfer.exit})`).join(', ') || 'none'}`,
    outcome.stdout ? `stdout: ${outcome.stdout.slice(0, 1500)}` : '',
    outcome.stderr ? `stderr: ${outcome.stderr.slice(0, 1500)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function checkOutcome(command: GuideCommand, outcome: Outcome): void {
  const detail = report(command, outcome);
  assert.equal(outcome.exit, 0, `the command failed\n${detail}`);
  if (command.kind === 'request') {
    assert.ok(outcome.transfers.length > 0, `curl made no request\n${detail}`);
    for (const transfer of outcome.transfers) {
      assert.equal(transfer.exit, 0, `curl failed\n${detail}`);
      if (command.expectStatus) assert.equal(transfer.status, command.expectStatus, `the guide shows ${command.expectStatus}\n${detail}`);
      else assert.ok(transfer.status >= 200 && transfer.status < 300, `a request answered ${transfer.status}, not 2xx\n${detail}`);
    }
  }
  if (command.assigns) {
    assert.ok(
      outcome.value && !['undefined', 'null'].includes(outcome.value) && !outcome.value.includes('…'),
      `${command.assigns} was set to "${outcome.value}"\n${detail}`,
    );
  }
}

const guides = readGuides();
let root = '';
let server: ChildServer | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const shared: Record<string, string> = {};

before(async () => {
  if (skipWithoutShared) return;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-guides-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await createServerDatabase(serverUrl) : undefined;
  dropDatabase = database?.drop;
  server = await startChildServer(path.join('test', 'docs', 'guide-server.ts'), {
    // As `npm start` runs it: development, the embedded simulator, the job worker; the embedded
    // database under DATA_DIR, or PostgreSQL when the suite runs on it.
    APP_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: database?.url ?? '',
    MASTER_KEY: randomBytes(32).toString('base64'),
    // The machine's load is other tests': no load shedding.
    LOAD_SHED_QUEUE_MS: '0',
    // A test download is ready in a few seconds rather than about ten.
    WORKER_POLL_MS: '100',
    DOWNLOAD_POLL_BASE_MS: '200',
    DOWNLOAD_POLL_MAX_MS: '1000',
    SIMULATOR_DESCARGA_ACCEPTED_SECONDS: '0',
    SIMULATOR_DESCARGA_PROCESSING_SECONDS: '1',
    // The sync guide turns a synchronization on; its backfill is not what this test is about.
    SYNC_TICK_MS: String(60 * 60_000),
    ...OPERATOR_VARIABLES,
  });
  fs.writeFileSync(
    path.join(root, '.curlrc'),
    [
      `connect-to = "127.0.0.1:3000:127.0.0.1:${server.port}"`,
      `connect-to = "localhost:3000:127.0.0.1:${server.port}"`,
      'write-out = "%{stderr}\\n@@curl %{http_code} %{exitcode}\\n"',
      '',
    ].join('\n'),
  );
});

after(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await dropDatabase?.();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

for (const [index, guide] of guides.entries()) {
  if (guide.commands.every((command) => command.kind === 'other')) continue;
  describe(guide.name, { skip: skipWithoutShared }, () => {
    const variables: Record<string, string> = {};
    let cwd = '';
    before(() => {
      // A folder of its own holding what a reader has, and the quickstart's variables.
      cwd = path.join(root, `guide-${index}`);
      fs.mkdirSync(cwd);
      for (const [name, parts] of Object.entries(READER_FILES)) fs.copyFileSync(satPath(...parts), path.join(cwd, name));
      Object.assign(variables, OPERATOR_VARIABLES);
      if (guide.afterQuickstart) Object.assign(variables, shared);
    });

    for (const command of guide.commands.filter((each) => each.kind !== 'other')) {
      const name = `${command.where} ${command.text.split('\n')[0]!.slice(0, 100)}`;
      test(name, { skip: command.notRun ? `a guide's command marked not-run: ${command.notRun}` : false }, async () => {
        const outcome = await runCommand(command, cwd, root, variables);
        if (command.assigns && outcome.value !== undefined) variables[command.assigns] = outcome.value;
        checkOutcome(command, outcome);
      });
    }

    if (guide.name === 'quickstart.md') {
      test(`sets ${SHARED_VARIABLES.join(' and ')} for the other guides`, () => {
        for (const name of SHARED_VARIABLES) {
          assert.ok(variables[name], `the quickstart does not set ${name}`);
          shared[name] = variables[name]!;
        }
      });
    }
  });
}

test('the guides hold curl commands in ```sh blocks, and mark few of them not-run', { skip: skipWithoutShared }, (t) => {
  const commands = guides.flatMap((guide) => guide.commands);
  const requests = commands.filter((command) => command.kind === 'request');
  const notRun = commands.filter((command) => command.notRun);
  const others = commands.filter((command) => command.kind === 'other');
  t.diagnostic(`${requests.length} requests and ${commands.filter((command) => command.kind === 'assignment').length} assignments run`);
  t.diagnostic(`${notRun.length} marked not-run: ${notRun.map((command) => `${command.where} (${command.notRun})`).join('; ') || 'none'}`);
  t.diagnostic(
    `${others.length} commands are not HTTP requests and are not run: ${others.map((command) => `${command.where} ${command.text.split('\n')[0]}`).join('; ')}`,
  );
  assert.ok(requests.length > 0, 'no curl command was found');
  assert.ok(notRun.length <= MOST_NOT_RUN, `${notRun.length} commands are marked not-run (at most ${MOST_NOT_RUN})`);
  // Every curl of a shell block belongs to a command that is run or marked.
  for (const guide of guides) {
    for (const command of guide.commands.filter((each) => each.kind === 'other')) {
      assert.doesNotMatch(command.text, /\bcurl\b/, `${command.where} runs curl but was not recognised as a request`);
    }
  }
});
