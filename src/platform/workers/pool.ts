/**
 * The worker-thread pool for CPU-heavy work (PDF rendering, large seals): one event loop serves
 * every tenant, so no request may hold it for long. Built on piscina; a task is a TypeScript
 * module whose default export takes plain data and returns plain data (structured clone both
 * ways). Workers load TypeScript through tsx, whether the process was started with
 * `node --import tsx` (tests) or through `bin/invoicing.js` (tsx's register API, which Node does
 * not carry into worker threads), so the pool passes tsx's loader to each worker itself.
 *
 * Every task names its tenant (the organization it works for) and waits in a fair queue
 * (fair-scheduler.ts) before it reaches piscina, which is only ever given as many tasks as it has
 * threads: one organization's work cannot hold every thread, nor keep another's out of the
 * queue, and only the organization over its share is refused.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../errors/api-error.ts';
import { FairScheduler } from './fair-scheduler.ts';

export interface WorkerPoolOptions {
  /** Worker threads; default the machine's parallelism. */
  threads?: number;
  /** Tasks allowed to wait for a thread; past it a task is refused with 503 service.overloaded. */
  maxQueue?: number;
  /** Threads one tenant's tasks may hold at once; default all but one (fair-scheduler.ts). */
  threadsPerTenant?: number;
  /** A task running longer is aborted and answered with 503 service.task_timeout. */
  taskTimeoutMs?: number;
}

const TSX_LOADER = import.meta.resolve('tsx');
/** The JavaScript entry of a worker thread that runs a TypeScript module (`workerData.entry`). */
export const TYPESCRIPT_ENTRY = new URL('./typescript-entry.cjs', import.meta.url);

/**
 * A worker's Node options: only tsx's loader. Not the process's own: Node 24's test runner starts
 * each test file with every option spelled out, and a worker refuses most of them. Every worker
 * thread of the service (this pool's, the embedded database's) is started with these.
 */
export function workerExecArgv(): string[] {
  return ['--import', TSX_LOADER];
}

/** Whom a task works for; tasks of one tenant share its share of the pool. */
export interface TaskOwner {
  /** The organization's id; work for no organization (the embedded simulator's) names its own lane. */
  tenant: string;
}

export class WorkerPool {
  private readonly piscina: Piscina;
  private readonly taskTimeoutMs: number;
  private readonly scheduler: FairScheduler;

  constructor(options: WorkerPoolOptions = {}) {
    const threads = Math.max(1, options.threads ?? os.availableParallelism());
    this.taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
    this.scheduler = new FairScheduler({
      threads,
      maxQueue: options.maxQueue ?? threads * 16,
      ...(options.threadsPerTenant === undefined ? {} : { threadsPerTenant: options.threadsPerTenant }),
    });
    this.piscina = new Piscina({
      minThreads: 0,
      maxThreads: threads,
      // The fair queue hands piscina at most one task per thread.
      maxQueue: threads,
      // Idle threads are let go after ten minutes: a process that renders and validates nothing
      // keeps no thread, while a busy one keeps the XSDs a thread compiled (about a second's work).
      idleTimeout: 600_000,
      execArgv: workerExecArgv(),
    });
  }

  /**
   * Runs the default export of `task` (a module URL) on a worker thread once its tenant's turn
   * comes; 503 `service.overloaded` when the tenant's share of the queue is full. The timeout
   * counts from the start on a thread.
   */
  async run<Input, Output>(task: URL, input: Input, owner: TaskOwner): Promise<Output> {
    const release = await this.scheduler.acquire(owner.tenant);
    const signal = AbortSignal.timeout(this.taskTimeoutMs);
    try {
      return (await this.piscina.run(input, { filename: task.href, signal })) as Output;
    } catch (error) {
      if (signal.aborted) {
        throw new ApiError(
          'service.task_timeout',
          `The work took longer than ${this.taskTimeoutMs / 1000} s and was stopped; retry later, or contact support if it keeps happening.`,
          { headers: { 'Retry-After': '10' }, cause: error },
        );
      }
      if ((error as Error).message?.includes('Task queue is at limit')) {
        throw new ApiError('service.overloaded', 'Every worker is busy and the queue of CPU-heavy work is full; retry after Retry-After.', {
          headers: { 'Retry-After': '2' },
          cause: error,
        });
      }
      throw error;
    } finally {
      release();
    }
  }

  /** Tasks running and waiting, in all or for one tenant. */
  load(tenant?: string): { running: number; waiting: number } {
    return this.scheduler.load(tenant);
  }

  /** Tasks finished so far (tests check that work ran off the event loop). */
  get completed(): number {
    return this.piscina.completed;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
