#!/usr/bin/env node
// The package's command. It runs the service's build (dist/server/, compiled JavaScript with
// source maps), building it first when a source file changed since the last build, so
// `npx invoicing …` works straight after `npm install` and after every edit.
import { currentBuild } from '../scripts/server-build-state.mjs';

let build = currentBuild();
if (!build) {
  const { buildServer } = await import('../scripts/build-server.mjs');
  build = await buildServer({ log: (line) => process.stderr.write(`${line}\n`) });
}
// Stack traces name the TypeScript files and lines.
process.setSourceMapsEnabled(true);
await import(new URL(`file://${build.cli}`).href);
