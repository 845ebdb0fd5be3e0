/**
 * `invoicing serve --processes N`: one machine's share of a service that runs on many. The process
 * started is a supervisor that serves nothing itself: it applies the migrations once, starts the
 * SAT/PAC simulator in a process of its own (unless SIMULATOR_URL names one), N API processes that
 * share the port (Node's cluster module: the supervisor accepts connections and hands them out in
 * turn), and the job worker processes; it starts again any of them that exits, and stops them all
 * on SIGTERM or SIGINT. Every process runs the same build (layout.ts, commandProgram) and shares
 * state only through PostgreSQL and Redis, as processes on other machines do (docs/guides/operations.md).
 */
import { fork, type ChildProcess } from 'node:child_process';
import cluster from 'node:cluster';
import net from 'node:net';
import os from 'node:os';
import type { Config } from './platform/config.ts';
import { commandProgram } from './platform/runtime/layout.ts';
import { descargaEnvironment, EMBEDDED_DESCARGA_SETTINGS } from './embedded-simulator.ts';
import { startWarnings } from './start-warnings.ts';

/** What `serve` runs: N API processes and M job worker processes, or all in one process. */
export interface ProcessPlan {
  /** API processes sharing the port. */
  api: number;
  /** Job worker processes (only with several processes; one process runs its own worker). */
  workers: number;
  /** Whether a supervisor starts the processes (false: everything in this process, as before). */
  supervised: boolean;
}

export class ProcessPlanError extends Error {}

function count(name: string, raw: string | undefined, min: number): number {
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min) {
    throw new ProcessPlanError(`${name} must be a whole number ≥ ${min}, got "${raw ?? ''}"`);
  }
  return Number(raw);
}

/**
 * Reads `serve [--processes N] [--workers M]` and WEB_CONCURRENCY (the flag wins). The default is
 * one API process per core on PostgreSQL and a single process on the embedded database, which
 * only one process may open.
 */
export function processPlan(args: string[], env: Record<string, string | undefined>, config: Pick<Config, 'databaseUrl' | 'runWorker'>): ProcessPlan {
  let processes: number | undefined;
  let workers: number | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const [flag, inline] = args[index]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? args[++index];
    if (flag === '--processes') processes = count('--processes', value(), 1);
    else if (flag === '--workers') workers = count('--workers', value(), 0);
    else throw new ProcessPlanError(`unknown option '${args[index]}' for serve (usage: invoicing serve [--processes N] [--workers M])`);
  }
  if (processes === undefined && env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY !== '') {
    processes = count('WEB_CONCURRENCY', env.WEB_CONCURRENCY, 1);
  }
  if (!config.databaseUrl) {
    if ((processes ?? 1) > 1 || (workers ?? 0) > 0) {
      throw new ProcessPlanError(
        `${processes !== undefined && processes > 1 ? `${processes} API processes` : 'job worker processes'} need a PostgreSQL server (DATABASE_URL): the embedded database under DATA_DIR is opened by one process only. Set DATABASE_URL, or run a single process (--processes 1, the default without DATABASE_URL).`,
      );
    }
    return { api: 1, workers: 0, supervised: false };
  }
  const api = processes ?? os.availableParallelism();
  const supervised = api > 1 || workers !== undefined;
  return { api, workers: supervised ? (workers ?? (config.runWorker ? 1 : 0)) : 0, supervised };
}

interface SupervisorIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

/** A child that ran less than this before exiting is started again only after a growing wait. */
const HEALTHY_RUN_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Beyond a child's own shutdown delay and timeout (SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS), the wait before it is killed. */
const STOP_MARGIN_MS = 5_000;

/** One kind of child (the simulator, an API process, a job worker): how to start it and when to start it again. */
class Seat {
  child: ChildProcess | undefined;
  private startedAt = 0;
  private delayMs = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly launch: () => ChildProcess,
    private readonly supervisor: { stopping: boolean; io: SupervisorIo; stopGraceMs: number },
  ) {}

  start(): void {
    const child = this.launch();
    this.child = child;
    this.startedAt = Date.now();
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.child = undefined;
        resolve();
        if (this.supervisor.stopping) return;
        const ranMs = Date.now() - this.startedAt;
        this.delayMs = ranMs >= HEALTHY_RUN_MS ? 0 : Math.min(MAX_RESTART_DELAY_MS, Math.max(1_000, this.delayMs * 2));
        this.supervisor.io.stderr(
          `invoicing: ${this.name} (pid ${child.pid}) exited (${signal ?? `status ${code}`}); starting it again${this.delayMs ? ` in ${this.delayMs / 1000} s` : ''}`,
        );
        setTimeout(() => {
          if (!this.supervisor.stopping) this.start();
        }, this.delayMs);
      });
    });
  }

  /** Asks the child to stop (SIGTERM), kills it after the grace period; resolves once it exited. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return this.exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), this.supervisor.stopGraceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Starts the simulator process; `onUrl` hears the address it listens on. */
function simulatorLauncher(port: number, env: NodeJS.ProcessEnv, io: SupervisorIo, onUrl: (url: string) => void) {
  const program = commandProgram();
  return () => {
    const child = fork(program.file, ['simulator'], {
      execArgv: program.execArgv,
      env: { ...descargaEnvironment(EMBEDDED_DESCARGA_SETTINGS), ...env, SIMULATOR_PORT: String(port), INVOICING_SUPERVISED: '1' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    // Its first line says where it listens; everything it writes is passed on.
    let head: string | undefined = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      io.stdout(text.endsWith('\n') ? text.slice(0, -1) : text);
      if (head === undefined) return;
      head += text;
      const match = /listening on (https?:\/\/\S+)/.exec(head);
      if (!match) return;
      head = undefined;
      onUrl(match[1]!);
    });
    return child;
  };
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `serve` as a supervisor of `plan.api` API processes, `plan.workers` job workers and the simulator. */
export async function superviseProcesses(config: Config, plan: ProcessPlan, io: SupervisorIo): Promise<'running'> {
  // A child drains for SHUTDOWN_DELAY_MS, then finishes its work within SHUTDOWN_TIMEOUT_MS (serve.ts).
  const state = { stopping: false, io, stopGraceMs: config.shutdown.delayMs + config.shutdown.timeoutMs + STOP_MARGIN_MS };
  for (const warning of startWarnings(config)) io.stderr(`warning: ${warning}`);
  if (!config.redisUrl && plan.api > 1) {
    io.stderr(
      `warning: REDIS_URL is not set: each of the ${plan.api} API processes keeps rate-limit buckets of its own, so a key may make up to ${plan.api} times its limit. Set REDIS_URL to share them.`,
    );
  }
  // Migrations run here, once, before any process starts: each process checks them again at its
  // start (under the same advisory lock, so a node of another machine that starts at the same
  // moment waits for this one) and finds nothing left to do.
  const { openDatabase } = await import('./platform/db/database.ts');
  const { migrate } = await import('./platform/db/migrate.ts');
  const database = await openDatabase({ url: config.databaseUrl });
  try {
    const applied = await migrate(database);
    if (applied.length > 0) io.stdout(`Applied migrations ${applied.join(', ')}.`);
  } finally {
    await database.close();
  }

  const env: NodeJS.ProcessEnv = { ...io.env };
  const seats: Seat[] = [];
  let simulator: Seat | undefined;
  if (!config.simulator.url) {
    let firstUrl: ((url: string) => void) | undefined;
    const ready = new Promise<string>((resolve) => {
      firstUrl = resolve;
    });
    simulator = new Seat(
      'the SAT/PAC simulator',
      // A port of its own, the same each time it is started again: the API processes know its address.
      simulatorLauncher(config.simulator.port || (await freePort(config.host)), env, io, (url) => firstUrl?.(url)),
      state,
    );
    simulator.start();
    env.SIMULATOR_URL = await ready;
    firstUrl = undefined;
  }

  const program = commandProgram();
  // The API processes share the machine's cores: each gets its share of worker threads unless set.
  const threads = env.WORKER_THREADS || String(Math.max(1, Math.ceil(os.availableParallelism() / plan.api)));
  cluster.setupPrimary({ exec: program.file, execArgv: program.execArgv, args: ['serve', '--processes', '1'] });
  const apiEnv = { ...env, RUN_WORKER: 'false', WORKER_THREADS: threads, INVOICING_SUPERVISED: '1' };
  let listening = 0;
  const allListening = new Promise<void>((resolve) => {
    cluster.on('listening', () => {
      listening += 1;
      if (listening === plan.api) resolve();
    });
  });
  for (let index = 0; index < plan.api; index += 1) {
    const seat = new Seat(`API process ${index + 1}`, () => cluster.fork(apiEnv).process, state);
    seats.push(seat);
    seat.start();
  }
  for (let index = 0; index < plan.workers; index += 1) {
    const seat = new Seat(
      `job worker ${index + 1}`,
      () => fork(program.file, ['worker'], { execArgv: program.execArgv, env: { ...env, RUN_WORKER: 'true', INVOICING_SUPERVISED: '1' }, stdio: 'inherit' }),
      state,
    );
    seats.push(seat);
    seat.start();
  }
  await allListening;
  io.stdout(
    `invoicing API listening on ${config.baseUrl} (database: postgres, env: ${config.appEnv}; ${plan.api} API processes, ${plan.workers} job worker${plan.workers === 1 ? '' : 's'}, supervisor pid ${process.pid})`,
  );
  if (simulator) io.stdout(`SAT/PAC simulator at ${env.SIMULATOR_URL}`);

  const stop = (signal: NodeJS.Signals) => {
    if (state.stopping) return;
    state.stopping = true;
    io.stderr(`invoicing: ${signal}: stopping ${seats.length} processes`);
    // The simulator goes last: the others may be waiting for its answers.
    Promise.all(seats.map((seat) => seat.stop()))
      .then(() => simulator?.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return 'running';
}

/** A cluster worker, a child process started by a supervisor: it stops when its supervisor is gone. */
export function stopWithSupervisor(env: Record<string, string | undefined>): void {
  if (env.INVOICING_SUPERVISED !== '1' || !process.channel) return;
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
