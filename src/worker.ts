/**
 * The program every thread of the worker pool runs (platform/workers/task.ts): it looks the task
 * up by name and imports its module on first use, so a thread loads only the code of the tasks it
 * is given, and the main thread none of it.
 */
import { workerData } from 'node:worker_threads';
import type { TaskMessage } from './platform/workers/task.ts';

// biome-ignore lint/suspicious/noExplicitAny: each task checks its own input; the table only routes.
type Loader = () => Promise<(input: any) => unknown>;

/** Every task of the service, by the name its handle carries (defineTask). */
export const TASKS: Readonly<Record<string, Loader>> = {
  'invoices.render-pdf': async () => (await import('./modules/invoices/pdf/render-task.ts')).default,
  'invoices.seal': async () => (await import('./modules/invoices/seal-task.ts')).default,
  'invoices.draft': async () => (await import('./modules/invoices/draft/draft-task.ts')).default,
  'catalogs.read-files': async () => (await import('./modules/catalogs/read-task.ts')).default,
  'cfdis.rows': async () => (await import('./modules/cfdis/read-task.ts')).rowsTask,
  'cfdis.details': async () => (await import('./modules/cfdis/read-task.ts')).detailsTask,
  'validations.read': async () => (await import('./modules/validations/read-task.ts')).default,
  'dashboard.password-strength': async () => (await import('./modules/dashboard/password-strength-task.ts')).default,
  'simulator.prepare-request': async () => (await import('./simulator/pac/request-task.ts')).default,
};

/** Tasks a pool was given beyond this table (WorkerPoolOptions.extraTasks: tests' own), by module URL. */
const extraTasks = (workerData as { extraTasks?: Record<string, string> } | null)?.extraTasks ?? {};

export default async function runTask({ task, input }: TaskMessage): Promise<unknown> {
  const load = TASKS[task] ?? (extraTasks[task] ? async () => (await import(extraTasks[task]!)).default : undefined);
  if (!load) throw new Error(`No worker task named '${task}' (src/worker.ts).`);
  return (await load())(input);
}
