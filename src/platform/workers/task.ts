/**
 * Typed tasks for the worker pool. A task is a module whose default export takes plain data and
 * returns plain data (structured clone both ways); the code that runs it names it with a handle
 * made here, typed by that export, so input and output are checked where the task is run:
 *
 *   import type renderTask from './pdf/render-task.ts';
 *   const RENDER = defineTask<typeof renderTask>('invoices.render-pdf');
 *   const pdf = await workers.run(RENDER, input);
 *
 * The handle carries only the name: the thread finds the module in the table of `src/worker.ts`,
 * the pool's one entry, and imports it (and what it imports) on first use, so the main thread never
 * loads a task's code and a thread loads only the tasks it is given.
 */
import { Piscina } from 'piscina';

// biome-ignore lint/suspicious/noExplicitAny: a task's function is checked at its definition; here any input type is accepted.
type TaskFunction = (input: any) => unknown;

export interface Task<Input, Output> {
  readonly name: string;
  /** Never set: carries the types from defineTask to WorkerPool.run. */
  readonly types?: { input: Input; output: Output };
}

const defined = new Set<string>();

export function defineTask<Run extends TaskFunction>(name: string): Task<Parameters<Run>[0], Awaited<ReturnType<Run>>> {
  defined.add(name);
  return { name };
}

/** The names handed out so far (a test holds them against the worker's table). */
export function definedTaskNames(): string[] {
  return [...defined].sort();
}

/** What the pool sends a thread. */
export interface TaskMessage {
  task: string;
  input: unknown;
}

/**
 * The one rule for what goes to the pool: work that grows with a document goes there from about
 * 64 KB of XML (measured by its bytes, or by its nodes at about 320 bytes each: 200 items or
 * related documents). Below it the hop to a thread (copying the input and the answer, a
 * promise round) costs about what the work does, so it stays on the event loop
 * (docs/decisions.md, "Large seals").
 */
const POOL_FROM_BYTES = 64 * 1024;
const BYTES_PER_NODE = 320;

export function belongsOnPool(size: { bytes: number } | { nodes: number }): boolean {
  const bytes = 'bytes' in size ? size.bytes : size.nodes * BYTES_PER_NODE;
  return bytes >= POOL_FROM_BYTES;
}

/**
 * A task's result whose `buffers` move to the thread that ran the task instead of being copied:
 * for a result of megabytes, one allocation less on each side. The task must not touch them after.
 */
export function movingBuffers<T extends object>(value: T, buffers: ArrayBuffer[]): T {
  return Piscina.move({ [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: value } as never) as unknown as T;
}
