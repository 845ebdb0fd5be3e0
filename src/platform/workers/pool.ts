/**
 * The worker-thread pool for CPU-heavy work (PDF rendering, large seals): one event loop serves
 * every tenant, so no request may hold it for long. Built on piscina; every thread runs the
 * service's one worker program (`src/worker.ts`), which imports the module of each task it is
 * given (task.ts). Threads start on demand and are let go when idle.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../errors/api-error.ts';
import { threadProgram } from '../runtime/layout.ts';
import type { Task, TaskMessage } from './task.ts';

export interface WorkerPoolOptions {
  /** Worker threads; default the machine's parallelism. */
  threads?: number;
  /** Tasks allowed to wait for a thread; past it a task is refused with 503 service.overloaded. */
  maxQueue?: number;
  /** A task running longer is aborted and answered with 503 service.task_timeout. */
  taskTimeoutMs?: number;
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

export class WorkerPool {
  private readonly piscina: Piscina;
  private readonly taskTimeoutMs: number;
  private refused = 0;
  private timedOut = 0;

  constructor(options: WorkerPoolOptions = {}) {
    const threads = Math.max(1, options.threads ?? os.availableParallelism());
    this.taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
    const program = threadProgram('worker');
    this.piscina = new Piscina({
      filename: program.file.href,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: options.maxQueue ?? threads * 16,
      // Idle threads are let go after ten minutes: a process that renders and validates nothing
      // keeps no thread, while a busy one keeps the XSDs a thread compiled (about a second's work).
      idleTimeout: 600_000,
      execArgv: program.execArgv,
      workerData: program.workerData,
    });
  }

  /** Runs `task` on a worker thread. */
  async run<Input, Output>(task: Task<Input, Output>, input: Input): Promise<Output> {
    if (this.piscina.queueSize >= this.piscina.options.maxQueue) {
      this.refused += 1;
      throw new ApiError('service.overloaded', 'Every worker is busy and the queue of CPU-heavy work is full; retry after Retry-After.', {
        headers: { 'Retry-After': '2' },
      });
    }
    const signal = AbortSignal.timeout(this.taskTimeoutMs);
    try {
      return (await this.piscina.run({ task: task.name, input } satisfies TaskMessage, { signal })) as Output;
    } catch (error) {
      if (signal.aborted) {
        this.timedOut += 1;
        throw new ApiError(
          'service.task_timeout',
          `The work took longer than ${this.taskTimeoutMs / 1000} s and was stopped; retry later, or contact support if it keeps happening.`,
          { headers: { 'Retry-After': '10' }, cause: error },
        );
      }
      if ((error as Error).message?.includes('Task queue is at limit')) {
        this.refused += 1;
        throw new ApiError('service.overloaded', 'Every worker is busy and the queue of CPU-heavy work is full; retry after Retry-After.', {
          headers: { 'Retry-After': '2' },
          cause: error,
        });
      }
      throw error;
    }
  }

  /** Tasks finished so far (tests check that work ran off the event loop). */
  get completed(): number {
    return this.piscina.completed;
  }

  load(): WorkerPoolLoad {
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
