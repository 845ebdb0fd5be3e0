// The entry of a worker thread that runs a TypeScript module of the service (the embedded
// database's host): Node starts a worker only from JavaScript, and tsx's loader, which the worker
// gets in its execArgv (pool.ts), compiles the module named by workerData.entry when it is required.
const { workerData } = require('node:worker_threads');

require(workerData.entry);
