import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/api-types.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

test("the dashboard's committed API types are the ones the current route schemas generate (npm run api-types)", async () => {
  const committed = fs.readFileSync(path.join(root, API_TYPES_FILE), 'utf8');
  const generated = await renderApiTypes();
  if (committed === generated) return;
  const committedLines = committed.split('\n');
  const generatedLines = generated.split('\n');
  const line = generatedLines.findIndex((text, index) => text !== committedLines[index]);
  assert.fail(
    `${API_TYPES_FILE} is out of date with the route schemas: run \`npm run api-types\` and commit the result.\n` +
      `First difference at line ${line + 1}:\n  committed: ${committedLines[line] ?? '(end of file)'}\n  generated: ${generatedLines[line] ?? '(end of file)'}`,
  );
});
