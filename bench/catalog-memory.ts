/**
 * The heap each catalog the service holds in memory costs: every built-in catalog and every
 * shipped file (`sat-catalogs/`) the catalog store keeps in memory, loaded into the form the store
 * holds it in (a compact table for the large ones, a columnar table for the others) and, for the
 * compact ones, into the columnar table with every column that they would take otherwise. Each
 * figure is the memory retained after a full collection (the heap, and the typed arrays' bytes
 * outside it), against the same before the rows were read.
 * Run: node --expose-gc --import tsx bench/catalog-memory.ts   (about a minute)
 */
import { BUILTIN_CATALOGS } from '../src/modules/catalogs/builtin/index.ts';
import { emptyTableOf, isHeldInMemory } from '../src/modules/catalogs/catalog-store.ts';
import { definitionForFileName } from '../src/modules/catalogs/definitions.ts';
import type { CatalogEntry, CatalogSlug } from '../src/modules/catalogs/lookup.ts';
import { ColumnarTable, type CatalogTable } from '../src/modules/catalogs/memory-lookup.ts';
import { readManifest, readShippedFile } from '../src/modules/catalogs/shipped.ts';
import { packagePath } from '../src/platform/runtime/layout.ts';

const collect = globalThis.gc;
if (!collect) {
  console.error('Run with node --expose-gc --import tsx bench/catalog-memory.ts');
  process.exit(1);
}

/**
 * The heap plus the memory outside it (typed arrays and buffers keep their bytes there) after a
 * full collection. A second first: the parser's last slices are freed only once its promises settle.
 */
async function settledHeap(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  collect!();
  collect!();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** Every table measured stays alive to the end, so that a measurement never counts another's release. */
const kept: CatalogTable[] = [];

/**
 * The heap `build` retains. The rows are copied through JSON first, so that each string is one of
 * its own as when read from the database, not a slice of the parsed file that keeps the file alive.
 */
async function retained(read: () => Promise<readonly CatalogEntry[]>, build: (entries: readonly CatalogEntry[]) => CatalogTable): Promise<number> {
  const before = await settledHeap();
  let entries: readonly CatalogEntry[] | undefined = JSON.parse(JSON.stringify(await read())) as CatalogEntry[];
  kept.push(build(entries));
  entries = undefined;
  return (await settledHeap()) - before;
}

function filled(table: CatalogTable, entries: readonly CatalogEntry[]): CatalogTable {
  for (const entry of entries) table.add(entry);
  return table.seal();
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

interface Row {
  catalog: string;
  rows: number;
  held: number;
  columnar: number | undefined;
}

const results: Row[] = [];
const sources: { slug: CatalogSlug; read: () => Promise<readonly CatalogEntry[]> }[] = [...BUILTIN_CATALOGS].map(([slug, entries]) => ({
  slug,
  read: async () => entries,
}));
const directory = packagePath('sat-catalogs');
for (const item of (await readManifest(directory)).catalogs) {
  const definition = definitionForFileName(item.file);
  if (!definition || !isHeldInMemory(definition.slug)) continue;
  sources.push({ slug: definition.slug, read: () => readShippedFile(`${directory}/${item.file}`, definition, item.file) });
}

for (const { slug, read } of sources) {
  const rows = (await read()).length;
  const form = emptyTableOf(slug);
  const held = await retained(read, (entries) => filled(emptyTableOf(slug), entries));
  const columnar = form instanceof ColumnarTable ? undefined : await retained(read, (entries) => filled(new ColumnarTable(), entries));
  results.push({ catalog: slug, rows, held, columnar });
}

console.log('catalog                   rows   held in memory   every column (columnar)');
for (const row of results) {
  console.log(
    `${row.catalog.padEnd(22)} ${String(row.rows).padStart(7)}   ${mb(row.held).padStart(14)}   ${row.columnar === undefined ? '' : mb(row.columnar).padStart(14)}`,
  );
}
const held = results.reduce((sum, row) => sum + row.held, 0);
const before = results.reduce((sum, row) => sum + (row.columnar ?? row.held), 0);
console.log(`total: ${mb(held)} held; ${mb(before)} with every catalog columnar`);
