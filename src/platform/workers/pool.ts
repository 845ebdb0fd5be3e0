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
import type { SaturationQueue } from '../wait-tracker.ts';
import { performance } from 'node:perf_hooks';

export interface WorkerPoolOptions {
  /** Worker threads; default the machine's parallelism. */
  threads?: number;
  /** Tasks allowed to wait for a thread; past it a task is refused with 503 service.overloaded. */
  maxQueue?: number;
  /** A task running longer is aborted and answered with 503 service.task_timeout. */
  taskTimeoutMs?: number;
}

export class WorkerPool implements SaturationQueue {
  readonly name = 'worker pool';
  private readonly piscina: Piscina;
  private readonly taskTimeoutMs: number;
  // Tasks given to piscina and not yet settled, in the order given, with when: piscina starts
  // them in that order, so the ones still queued are the last `queueSize` of them.
  private readonly unsettled = new Map<number, number>();
  private sequence = 0;

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
      throw new ApiError('service.overloaded', 'Every worker is busy and the queue of CPU-heavy work is full; retry after Retry-After.', {
        headers: { 'Retry-After': '2' },
      });
    }
    const signal = AbortSignal.timeout(this.taskTimeoutMs);
    const id = this.sequence;
    this.sequence += 1;
    this.unsettled.set(id, performance.now());
    try {
      return (await this.piscina.run({ task: task.name, input } satisfies TaskMessage, { signal })) as Output;
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
      this.unsettled.delete(id);
    }
  }

  /** Places in the queue of tasks waiting for a thread. */
  get capacity(): number {
    return this.piscina.options.maxQueue;
  }

  /** Tasks waiting for a thread. */
  depth(): number {
    return this.piscina.queueSize;
  }

  /** How long the task waiting longest for a thread has waited (0 when none waits). */
  oldestWaitMs(): number {
    const queued = this.piscina.queueSize;
    if (queued === 0) return 0;
    let index = this.unsettled.size - queued;
    for (const since of this.unsettled.values()) {
      if (index <= 0) return performance.now() - since;
      index -= 1;
    }
    return 0;
  }

  /** Tasks finished so far (tests check that work ran off the event loop). */
  get completed(): number {
    return this.piscina.completed;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
