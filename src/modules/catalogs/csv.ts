/** One record of a CSV file and the line it starts on (1-based), for error messages. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * RFC 4180 CSV: comma-separated, fields optionally quoted with `"` (a doubled `""` inside quotes
 * is one quote, and quoted fields may span lines), CRLF or LF line ends, an optional UTF-8 BOM.
 * A quote inside an unquoted field or an unterminated quoted field is an error, not a guess.
 */
export function parseCsv(text: string): CsvRow[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let index = 0;
  let quoted = false;
  let afterQuote = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    afterQuote = false;
  };
  const endRow = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: rowLine, cells });
    cells = [];
  };
  while (index < input.length) {
    const char = input[index]!;
    if (quoted) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      index++;
      continue;
    }
    if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[index + 1] === '\n') index++;
      endRow();
      line++;
      rowLine = line;
    } else if (char === '"') {
      if (cell !== '' || afterQuote) throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
      quoted = true;
    } else {
      if (afterQuote) throw new CsvSyntaxError(line, 'text after a closing quote');
      cell += char;
    }
    index++;
  }
  if (quoted) throw new CsvSyntaxError(rowLine, 'a quoted field is never closed');
  if (cell !== '' || cells.length > 0 || afterQuote) endRow();
  return rows;
}
