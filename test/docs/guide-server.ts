/**
 * The server of the guides' test: the app as `invoicing serve` builds it (embedded simulator, job
 * worker, the database DATABASE_URL or DATA_DIR names), configured by the environment, on a free
 * port. Prints `ready <port>` once it listens.
 */
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { serveAsChild } from '../support/child-server.ts';

const app = await buildApp({ config: loadConfig(process.env) });
await serveAsChild(app);
