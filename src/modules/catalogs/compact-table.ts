import type { CatalogEntry, CatalogValue } from './lookup.ts';

/**
 * What a compact table keeps of each row besides its code and validity: the description (the PDF
 * prints c_ClaveProdServ's) and the data fields something reads synchronously (c_CodigoPostal's
 * time zone, c_NumPedimentoAduana's cantidad).
 */
export interface Projection {
  description: boolean;
  fields: readonly string[];
}

/**
 * Strings in one packed string, each `width` characters long when they all are (every SAT key of
 * a catalog is), else ending where `ends` says. One string instead of an array of strings saves
 * each string's header and the array's pointer (about 30 bytes a row).
 */
class PackedStrings {
  private constructor(
    private readonly text: string,
    readonly size: number,
    private readonly width: number,
    private readonly ends: Uint32Array | undefined,
  ) {}

  static of(values: readonly string[]): PackedStrings {
    const width = values[0]?.length ?? 0;
    if (values.every((value) => value.length === width)) return new PackedStrings(values.join(''), values.length, width, undefined);
    const ends = new Uint32Array(values.length);
    let end = 0;
    values.forEach((value, index) => {
      end += value.length;
      ends[index] = end;
    });
    return new PackedStrings(values.join(''), values.length, 0, ends);
  }

  private startOf(index: number): number {
    if (!this.ends) return index * this.width;
    return index === 0 ? 0 : this.ends[index - 1]!;
  }

  private endOf(index: number): number {
    return this.ends ? this.ends[index]! : (index + 1) * this.width;
  }

  at(index: number): string {
    return this.text.slice(this.startOf(index), this.endOf(index));
  }

  /** The string at `index` against `value`, by UTF-16 code unit like `<` (no string is built). */
  compareAt(index: number, value: string): number {
    const start = this.startOf(index);
    const length = this.endOf(index) - start;
    const shared = Math.min(length, value.length);
    for (let offset = 0; offset < shared; offset++) {
      const difference = this.text.charCodeAt(start + offset) - value.charCodeAt(offset);
      if (difference !== 0) return difference;
    }
    return length - value.length;
  }
}

/**
 * Texts in one UTF-8 buffer, read back one at a time. c_ClaveProdServ's descriptions hold a few
 * characters beyond Latin-1 (`–`, `“`), which would make one packed string two bytes a character.
 */
class PackedText {
  private constructor(
    private readonly bytes: Buffer,
    private readonly ends: Uint32Array,
  ) {}

  static of(values: readonly string[]): PackedText {
    const ends = new Uint32Array(values.length);
    let end = 0;
    values.forEach((value, index) => {
      end += Buffer.byteLength(value, 'utf8');
      ends[index] = end;
    });
    return new PackedText(Buffer.from(values.join(''), 'utf8'), ends);
  }

  at(index: number): string {
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1]!, this.ends[index]!);
  }
}

/** A column of few distinct values (dates, time zones, quantities): each value once, a typed index per row. */
class ValueColumn {
  private constructor(
    private readonly values: readonly CatalogValue[],
    private readonly slots: Uint8Array | Uint16Array | Uint32Array,
  ) {}

  static of(rows: readonly CatalogValue[]): ValueColumn {
    const values: CatalogValue[] = [];
    const slotOf = new Map<CatalogValue, number>();
    const slots = new Uint32Array(rows.length);
    rows.forEach((value, index) => {
      let slot = slotOf.get(value);
      if (slot === undefined) {
        slot = values.push(value) - 1;
        slotOf.set(value, slot);
      }
      slots[index] = slot;
    });
    if (values.length <= 0x100) return new ValueColumn(values, Uint8Array.from(slots));
    return new ValueColumn(values, values.length <= 0x10000 ? Uint16Array.from(slots) : slots);
  }

  at(index: number): CatalogValue {
    return this.values[this.slots[index]!]!;
  }
}

interface Columns {
  codes: PackedStrings;
  descriptions: PackedText | undefined;
  validFrom: ValueColumn;
  validTo: ValueColumn;
  fields: ReadonlyMap<string, ValueColumn>;
}

/**
 * A large catalog held only for what is read of it synchronously: its codes packed in code order
 * and found by binary search, each row's validity, and the projection's description and fields.
 * The rest of each row (c_ClaveProdServ's similar words, c_CodigoPostal's state and municipality,
 * c_NumPedimentoAduana's aduana and patente) stays in the database, where the API reads it. An
 * entry is built when asked for and holds only the projection (the description is '' when the
 * projection leaves it out).
 */
export class CompactTable {
  private pending: CatalogEntry[] | undefined = [];
  private columns: Columns | undefined;

  constructor(private readonly projection: Projection) {}

  add(entry: CatalogEntry): void {
    if (!this.pending) throw new Error('a sealed table takes no more rows');
    const data: Record<string, CatalogValue> = {};
    for (const key of this.projection.fields) data[key] = entry.data[key] ?? null;
    this.pending.push({
      code: entry.code,
      description: this.projection.description ? entry.description : '',
      valid_from: entry.valid_from,
      valid_to: entry.valid_to,
      data,
    });
  }

  /** Packs the rows added, in code order; the table answers lookups from then on. */
  seal(): this {
    const rows = this.pending;
    if (!rows) return this;
    rows.sort((left, right) => (left.code < right.code ? -1 : left.code > right.code ? 1 : 0));
    this.columns = {
      codes: PackedStrings.of(rows.map((row) => row.code)),
      descriptions: this.projection.description ? PackedText.of(rows.map((row) => row.description)) : undefined,
      validFrom: ValueColumn.of(rows.map((row) => row.valid_from)),
      validTo: ValueColumn.of(rows.map((row) => row.valid_to)),
      fields: new Map(this.projection.fields.map((key) => [key, ValueColumn.of(rows.map((row) => row.data[key] ?? null))])),
    };
    this.pending = undefined;
    return this;
  }

  private get sealed(): Columns {
    if (!this.columns) throw new Error('the table is read before it is sealed');
    return this.columns;
  }

  get size(): number {
    return this.columns ? this.columns.codes.size : this.pending!.length;
  }

  /** The row's position, or -1. */
  indexOf(code: string): number {
    const { codes } = this.sealed;
    let low = 0;
    let high = codes.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = codes.compareAt(middle, code);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  entryAt(index: number): CatalogEntry {
    const { codes, descriptions, validFrom, validTo, fields } = this.sealed;
    const data: Record<string, CatalogValue> = {};
    for (const [key, column] of fields) data[key] = column.at(index);
    const validFromAt = validFrom.at(index) as string | null;
    const validToAt = validTo.at(index) as string | null;
    return { code: codes.at(index), description: descriptions?.at(index) ?? '', valid_from: validFromAt, valid_to: validToAt, data };
  }

  get(code: string): CatalogEntry | undefined {
    const index = this.indexOf(code);
    return index < 0 ? undefined : this.entryAt(index);
  }

  /** One field of a row without building the entry; undefined for an unknown code or a field not kept. */
  field(code: string, key: string): CatalogValue | undefined {
    const index = this.indexOf(code);
    return index < 0 ? undefined : this.sealed.fields.get(key)?.at(index);
  }

  entries(): CatalogEntry[] {
    return Array.from({ length: this.size }, (_, index) => this.entryAt(index));
  }
}
