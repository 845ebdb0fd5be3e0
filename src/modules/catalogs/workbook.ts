import fs from 'node:fs/promises';
import type { CsvRow } from './csv.ts';

export interface Sheet {
  name: string;
  rows: CsvRow[];
}

// Excel's serial day 0 in the 1900 date system, as used by the SAT's workbook (dates after 1900-03-01).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function serialToIsoDate(serial: number): string {
  return new Date(EXCEL_EPOCH_MS + Math.round(serial) * DAY_MS).toISOString().slice(0, 10);
}

interface Cell {
  t: string;
  v?: unknown;
  w?: string;
  z?: string | number;
}

/**
 * A cell as the text a CSV export would hold: numbers as formatted in the sheet (so `0.160000`
 * keeps its six decimals and a key keeps its zeros when formatted so), dates as YYYY-MM-DD from
 * the serial number (never through the local time zone), booleans as 1 or empty.
 */
function cellText(cell: Cell | undefined, isDate: (format: string | number) => boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (cell.z !== undefined && isDate(cell.z)) return serialToIsoDate(cell.v);
    return cell.w ?? String(cell.v);
  }
  if (cell.t === 'b') return cell.v ? '1' : '';
  if (cell.t === 'e') return '';
  return String(cell.v);
}

/**
 * Reads every sheet of an Excel workbook: the SAT's `catCFDI_V_4_*.xls` (BIFF8) or an `.xlsx`.
 * SheetJS is loaded only here, when an operator imports a workbook, never by the server.
 */
export async function readWorkbook(path: string): Promise<Sheet[]> {
  const XLSX = await import('@e965/xlsx');
  const buffer = await fs.readFile(path);
  const workbook = XLSX.read(buffer, { type: 'buffer', cellDates: false, cellNF: true, dense: true, cellHTML: false });
  const isDate = (format: string | number) => XLSX.SSF.is_date(format);
  return workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name]!;
    const data = (sheet['!data'] ?? []) as (Cell[] | undefined)[];
    const rows: CsvRow[] = [];
    data.forEach((row, index) => {
      if (!row) return;
      const cells = Array.from({ length: row.length }, (_, column) => cellText(row[column], isDate));
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ line: index + 1, cells });
    });
    return { name, rows };
  });
}
