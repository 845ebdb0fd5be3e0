/**
 * The simulator's tables as Kysely sees them (migrations/0001_simulator.sql). They are kept out of
 * the service's `Database` interface on purpose: the simulator is a separate program with its own
 * database, so its handle is `Kysely<SimulatorDatabase>`. Further simulator tables (e.g. bulk
 * download) join with `db.withTables<...>()` in the code that owns them.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

interface SimCertificatesTable {
  no_certificado: string;
  role: 'root' | 'stamping' | 'csd' | 'fiel';
  rfc: string | null;
  der: Uint8Array;
  private_key_der: Uint8Array | null;
  valid_from: Timestamp;
  valid_to: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SimCfdisTable {
  uuid: string;
  emisor_rfc: string;
  emisor_nombre: Generated<string>;
  receptor_rfc: string;
  receptor_nombre: Generated<string>;
  tipo: string;
  /** numeric: read as a decimal string, never a float. */
  total: ColumnType<string, string, string>;
  fecha: string;
  fecha_timbrado: Timestamp;
  rfc_prov_certif: string;
  sello_hash: string;
  xml: string;
  status: Generated<'Vigente' | 'Cancelado'>;
  source: Generated<'pac' | 'generated'>;
  cancel_motivo: string | null;
  cancel_folio_sustitucion: string | null;
  cancel_requested_at: NullableTimestamp;
  cancel_deadline_at: NullableTimestamp;
  cancel_status: string | null;
  cancel_resolved_at: NullableTimestamp;
  cancel_acuse: string | null;
  cancelled_at: NullableTimestamp;
}

interface SimRelationsTable {
  uuid: string;
  related_uuid: string;
  kind: string;
}

interface SimTaxpayersTable {
  rfc: string;
  name: string;
  regimen_fiscal: string;
  postal_code: string;
  in_lco: Generated<boolean>;
  efos: Generated<string>;
  created_at: Timestamp;
}

interface SimManifestsTable {
  rfc: string;
  email: string;
  fiel_no_certificado: string;
  privacy_xml: string;
  contract_xml: string;
  signed_at: Timestamp;
}

export interface SimulatorDatabase {
  sim_certificates: SimCertificatesTable;
  sim_cfdis: SimCfdisTable;
  sim_relations: SimRelationsTable;
  sim_taxpayers: SimTaxpayersTable;
  sim_manifests: SimManifestsTable;
}

export type SimulatorDb = Kysely<SimulatorDatabase>;
