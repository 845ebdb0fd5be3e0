/**
 * Generates the dashboard's API types from the service's OpenAPI document: builds the app on an
 * in-memory database, reads GET /openapi.json and turns it into TypeScript with
 * openapi-typescript, formatted by Biome like every other source. The dashboard imports only the generated file, never the service's code.
 * test/dashboard/api-types.test.ts regenerates it in memory and fails when the committed file
 * differs, so a route schema that changes without `npm run api-types` fails the suite.
 * Usage: npm run api-types
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { readOpenApiDocument } from './openapi-document.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the generated types live, relative to the package root. */
export const API_TYPES_FILE = 'dashboard/src/api/schema.d.ts';

const HEADER = `/**
 * The API's types, generated from its OpenAPI document (GET /openapi.json) by openapi-typescript.
 * Do not edit: run \`npm run api-types\` after changing a route's schema.
 */

`;

function format(text: string): string {
  const result = spawnSync('npx', ['--no-install', 'biome', 'format', `--stdin-file-path=${API_TYPES_FILE}`], { cwd: root, input: text, encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`biome format failed: ${result.stderr}`);
  return result.stdout;
}

/** The text of the generated file for the current route schemas. */
export async function renderApiTypes(): Promise<string> {
  const nodes = await openapiTS((await readOpenApiDocument()) as OpenAPI3, { alphabetize: true });
  return format(HEADER + astToString(nodes));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const file = path.join(root, API_TYPES_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await renderApiTypes());
    console.log(`api-types: wrote ${API_TYPES_FILE}`);
  } catch (error) {
    console.error(`api-types: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
