import { readFile, readdir } from 'node:fs/promises';
import { runCommand } from './main.ts';

// The `invoicing` command: one line on error, never a stack trace, and a meaningful exit code.
const code = await runCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  readFile: (file) => readFile(file),
  readDir: (dir) => readdir(dir),
  env: process.env,
}).catch((error: unknown) => {
  process.stderr.write(`invoicing: ${(error as Error).message}\n`);
  return 1;
});
if (code !== 'running') process.exit(code);
