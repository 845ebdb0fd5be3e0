#!/usr/bin/env node
// Builds the dashboard into dist/dashboard/: content-hashed bundles under assets/, then
// index.html last, so a server never serves a page whose assets are half written. The build is
// skipped when the hash of its inputs matches the last build's, which keeps `npm start` fast.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'dashboard');
const out = path.join(root, 'dist', 'dashboard');
const assets = path.join(out, 'assets');
const stampFile = path.join(out, '.inputs-hash');

const inputsFile = path.join(out, '.inputs');

/**
 * The hash of every file the last build read (esbuild's metafile: the app's sources, the server's
 * pure modules it imports, Preact), index.html and this script. A file that is added and
 * imported changes the file that imports it, so the list is always complete enough.
 */
function inputsHash(files) {
  const hash = createHash('sha256');
  for (const file of [...new Set([...files, path.join(source, 'index.html'), fileURLToPath(import.meta.url)])].sort()) {
    hash.update(path.relative(root, file)).update('\0');
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : 'missing').update('\0');
  }
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const lastInputs = fs.existsSync(inputsFile) ? fs.readFileSync(inputsFile, 'utf8').split('\n').filter(Boolean) : [];
const built =
  lastInputs.length > 0 &&
  fs.existsSync(path.join(out, 'index.html')) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8') === inputsHash(lastInputs);
if (built && !force) {
  process.exit(0);
}

const started = Date.now();
fs.mkdirSync(assets, { recursive: true });
const result = await esbuild.build({
  entryPoints: { app: path.join(source, 'src', 'main.tsx'), styles: path.join(source, 'src', 'styles.css') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: assets,
  entryNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
const script = outputs.find((name) => name.startsWith('app-') && name.endsWith('.js'));
const style = outputs.find((name) => name.startsWith('styles-') && name.endsWith('.css'));
if (!script || !style) throw new Error(`build-dashboard: esbuild produced no bundle (${outputs.join(', ')})`);

// Assets of older builds are removed, except the previous build's: a tab opened before a
// restart may still ask for them.
const keep = new Set(outputs);
const previous = path.join(out, '.previous-assets');
if (fs.existsSync(previous)) for (const name of fs.readFileSync(previous, 'utf8').split('\n')) keep.add(name);
for (const name of fs.readdirSync(assets)) if (!keep.has(name)) fs.rmSync(path.join(assets, name));
fs.writeFileSync(previous, outputs.join('\n'));

const html = fs
  .readFileSync(path.join(source, 'index.html'), 'utf8')
  .replace('%STYLE%', `/dashboard/assets/${style}`)
  .replace('%SCRIPT%', `/dashboard/assets/${script}`);
const temporary = path.join(out, `index.html.${process.pid}`);
fs.writeFileSync(temporary, html);
fs.renameSync(temporary, path.join(out, 'index.html'));
const read = Object.keys(result.metafile.inputs).map((file) => path.resolve(root, file));
fs.writeFileSync(inputsFile, read.join('\n'));
fs.writeFileSync(stampFile, inputsHash(read));
console.log(`build-dashboard: dist/dashboard built in ${Date.now() - started} ms (${script}, ${style})`);
