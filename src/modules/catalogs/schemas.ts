import { Type } from 'typebox';
import { ListQuery } from '../../platform/http/pagination.ts';
import { NullableTimestamp } from '../../platform/http/schemas.ts';

export const Catalog = Type.Object(
  {
    object: Type.Literal('catalog'),
    slug: Type.String({ description: 'The catalog in URLs, e.g. `uso_cfdi`.' }),
    name: Type.String(),
    sat_name: Type.String({ description: 'The SAT catalog, e.g. `c_UsoCFDI`.' }),
    builtin: Type.Boolean({ description: 'Written in the service itself (the small catalogs); the others are loaded from the shipped files or imported.' }),
    loaded: Type.Boolean({ description: 'False until the catalog is in force on this server: its keys are then checked for format only.' }),
    loading: Type.Boolean({ description: 'A new version is being written from the shipped catalogs; the active one (if any) answers until it is complete.' }),
    row_count: Type.Integer({ minimum: 0 }),
    version: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'Active version; each load or import that changes the content adds one.' }),
    origin: Type.Union([Type.Literal('builtin'), Type.Literal('shipped'), Type.Literal('import'), Type.Null()], {
      description: '`builtin`: written in the service; `shipped`: from the catalogs shipped with it (`release`); `import`: imported by the operator.',
    }),
    release: Type.Union([Type.String(), Type.Null()], { description: 'The shipped release of a `shipped` version (see sat-catalogs/MANIFEST.json).' }),
    source: Type.Union([Type.String(), Type.Null()], { description: 'The files the active version came from.' }),
    updated_at: NullableTimestamp,
  },
  { $id: 'Catalog', description: 'A SAT catalog and the version in use.' },
);

const DataValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.String())]);

export const CatalogEntry = Type.Object(
  {
    object: Type.Literal('catalog_entry'),
    catalog: Type.String({ description: 'The catalog slug.' }),
    code: Type.String({ description: 'The SAT key.' }),
    description: Type.String(),
    valid_from: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'First day the key may be used.' }),
    valid_to: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'Last day the key may be used; null while open.' }),
    data: Type.Record(Type.String(), DataValue, { description: "The catalog's other columns (see the catalogs guide)." }),
  },
  { $id: 'CatalogEntry', description: 'One key of a SAT catalog.' },
);

export const CatalogListQuery = Type.Object(
  {
    limit: ListQuery.properties.limit,
    starting_after: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'A catalog slug; returns the catalogs after it in this list.' })),
    ending_before: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'A catalog slug; returns the catalogs before it in this list.' })),
  },
  { additionalProperties: false },
);

export const CatalogParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: 60, description: 'A catalog slug (or its SAT name, e.g. `c_UsoCFDI`).' }) },
  { additionalProperties: false },
);

export const CatalogEntryParams = Type.Object(
  {
    slug: Type.String({ minLength: 1, maxLength: 60 }),
    code: Type.String({ minLength: 1, maxLength: 100, description: 'The SAT key.' }),
  },
  { additionalProperties: false },
);

export const CatalogSearchQuery = Type.Object(
  {
    limit: ListQuery.properties.limit,
    starting_after: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A code; returns the entries after it in code order.' })),
    ending_before: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A code; returns the entries before it in code order.' })),
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          "Words that must each start the code or a word of the description (or of c_ClaveProdServ's similar words); accents and case are ignored. Results come best first (exact code, exact name, …, the codes your organization uses most ranked up), or in code order with a cursor.",
      }),
    ),
    tax_regime: Type.Optional(Type.String({ pattern: '^[0-9]{3}$', description: '`uso_cfdi` only: the uses a receptor in this régimen fiscal may use.' })),
    person_type: Type.Optional(
      Type.Union([Type.Literal('natural'), Type.Literal('legal')], {
        description: '`uso_cfdi` and `regimen_fiscal` only: entries that apply to a persona física (`natural`) or moral (`legal`).',
      }),
    ),
  },
  { additionalProperties: false },
);
