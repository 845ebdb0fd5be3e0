/**
 * The database's tables as Kysely sees them. Each module adds its own tables to this interface
 * through declaration merging in its `repository.ts`, so that no single file lists every table:
 *
 *   declare module '../../platform/db/schema.ts' { interface Database { invoices: InvoiceTable } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: modules add their tables to it by declaration merging
export interface Database {}
