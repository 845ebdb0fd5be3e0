/**
 * The worker-thread pool for CPU-heavy work (PDF rendering, large seals): one event loop serves
 * every tenant, so no request may hold it for long. Built on piscina; every thread runs the
 * service's one worker program (`src/worker.ts`), which imports the module of each task it is
 * given (task.ts). Threads start on demand and are let go when idle.
 *
 * Every task names its tenant (the organization it works for) and waits in a fair queue
 * (fair-scheduler.ts) before it reaches piscina, which is only ever given as many tasks as it has
 * threads: one organization's work cannot hold every thread while another's waits, nor keep
 * another's out of the queue, and only the organization over its share is refused.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../errors/api-error.ts';
import { threadProgram } from '../runtime/layout.ts';
import type { SaturationQueue } from '../wait-tracker.ts';
import { FairScheduler } from './fair-scheduler.ts';
import type { Task, TaskMessage } from './task.ts';

export interface WorkerPoolOptions {
  /** Worker threads; default the machine's parallelism. */
  threads?: number;
  /** Tasks one organization may run at once while others use the pool (default every thread but one). */
  threadsPerTenant?: number;
  /** Tasks allowed to wait for a thread; past it the tenant with the most waiting is refused with 503 service.overloaded. */
  maxQueue?: number;
  /** A task running longer is aborted and answered with 503 service.task_timeout. */
  taskTimeoutMs?: number;
  /** Tasks beyond the service's table (src/worker.ts), by the module whose default export runs them: tests' own. */
  extraTasks?: Record<string, URL>;
}

/** The pool's state for metrics; the counts are since the pool started. */
export interface WorkerPoolLoad {
  queued: number;
  utilization: number;
  threads: number;
  completed: number;
  /** Tasks refused because the queue was full. */
  refused: number;
  /** Tasks stopped at their time limit. */
  timedOut: number;
}

/** Whom a task works for; tasks of one tenant share its share of the pool. */
export interface TaskOwner {
  /** The organization's id; work for no organization (the embedded simulator's) names its own lane. */
  tenant: string;
}

/**
 * Each pool thread's V8 limits. A task turns hundreds of CFDIs into index rows and drops them, and
 * V8's default young generation for a thread (up to 48 MB) let each thread's heap grow to about
 * 60 MB during a synchronization backfill; 8 MB collects that garbage sooner (docs/decisions.md,
 * "Memory"). The old generation keeps V8's default, so a large PDF or CFDI still fits.
 */
const POOL_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 } as const;

export class WorkerPool implements SaturationQueue {
  readonly name = 'worker pool';
  private readonly piscina: Piscina;
  private readonly taskTimeoutMs: number;
  private readonly scheduler: FairScheduler;
  private refused = 0;
  private timedOut = 0;

  constructor(options: WorkerPoolOptions = {}) {
    const threads = Math.max(1, options.threads ?? os.availableParallelism());
    this.taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
    this.scheduler = new FairScheduler({
      threads,
      maxQueue: options.maxQueue ?? threads * 16,
      ...(options.threadsPerTenant === undefined ? {} : { threadsPerTenant: options.threadsPerTenant }),
    });
    const program = threadProgram('worker');
    this.piscina = new Piscina({
      filename: program.file.href,
      minThreads: 0,
      maxThreads: threads,
      // The fair queue hands piscina at most one task per thread.
      maxQueue: threads,
      // Idle threads are let go after ten minutes: a process that renders and validates nothing
      // keeps no thread, while a busy one keeps the XSDs a thread compiled (about a second's work).
      idleTimeout: 600_000,
      resourceLimits: POOL_THREAD_LIMITS,
      execArgv: program.execArgv,
      workerData: { ...program.workerData, extraTasks: Object.fromEntries(Object.entries(options.extraTasks ?? {}).map(([name, url]) => [name, url.href])) },
    });
  }

  /**
   * Runs `task` on a worker thread once its tenant's turn comes; 503 `service.overloaded` when the
   * tenant's share of the queue is full. The timeout counts from the start on a thread.
   */
  async run<Input, Output>(task: Task<Input, Output>, input: Input, owner: TaskOwner): Promise<Output> {
    const release = await this.scheduler.acquire(owner.tenant).catch((error: unknown) => {
      this.refused += 1;
      throw error;
    });
    const signal = AbortSignal.timeout(this.taskTimeoutMs);
    try {
      return (await this.piscina.run({ task: task.name, input } satisfies TaskMessage, { signal })) as Output;
    } catch (error) {
      if (signal.aborted) {
        this.timedOut += 1;
        throw new ApiError(
          'service.task_timeout',
          {
            en: `The work took longer than ${this.taskTimeoutMs / 1000} s and was stopped; retry later, or contact support if it keeps happening.`,
            es: `El proceso tardó más de ${this.taskTimeoutMs / 1000} s y se detuvo; vuelva a intentarlo más tarde o, si sigue ocurriendo, comuníquese con soporte.`,
          },
          { headers: { 'Retry-After': '10' }, cause: error },
        );
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

  /** Places in the queue of tasks waiting for a thread (load shedding reads how full it is). */
  get capacity(): number {
    return this.scheduler.maxQueue;
  }

  /** Tasks waiting for a thread. */
  depth(): number {
    return this.scheduler.load().waiting;
  }

  /** How long the task waiting longest for a thread has waited (0 when none waits). */
  oldestWaitMs(): number {
    return this.scheduler.oldestWaitMs();
  }

  /** Tasks finished so far (tests check that work ran off the event loop). */
  get completed(): number {
    return this.piscina.completed;
  }

  /** The pool's state for metrics. */
  state(): WorkerPoolLoad {
    const { piscina } = this;
    return {
      queued: piscina.queueSize,
      utilization: piscina.utilization,
      threads: piscina.threads.length,
      completed: piscina.completed,
      refused: this.refused,
      timedOut: this.timedOut,
    };
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
