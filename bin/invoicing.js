#!/usr/bin/env node
// The package's command. It runs the TypeScript sources through tsx so that
// `npx invoicing …` works straight after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
