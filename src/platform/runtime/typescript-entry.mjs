// Under tsx (tests and development), every worker thread of the service starts here: Node starts a
// thread only from JavaScript, and tsx's loader given with `--import` does not reach a thread's
// ES module imports on Node 20, so the thread registers tsx itself, then imports the TypeScript
// program named by workerData.entry (layout.ts). The build's threads start from their own .js.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const program = await import(workerData.entry);

// The worker pool's program answers tasks through its default export (piscina).
export default program.default;
