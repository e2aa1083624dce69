/**
 * Reading the Project Dialogism Novel Corpus as `../shared/pdnc` holds it: the novel's text, each
 * quotation's spans and annotated speaker, and the character list with every alias. The CSV files
 * have quoted fields with line breaks, and aliases written as Python set or list literals.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PdncQuotation {
  id: string;
  spans: [number, number][];
  speaker: string;
  type: 'Explicit' | 'Anaphoric' | 'Implicit' | 'Other';
}

export interface PdncCharacter {
  name: string;
  aliases: string[];
  gender: string;
  category: string;
}

export interface PdncNovel {
  folder: string;
  text: string;
  quotations: PdncQuotation[];
  characters: PdncCharacter[];
}

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (source[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** The strings of a Python literal such as `{'March Hare', "Lucy's Mother"}`. */
export function pythonStrings(literal: string): string[] {
  return [...literal.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) =>
    (m[1] ?? m[2]!).replace(/\\(.)/g, '$1'),
  );
}

function records(path: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  return rows
    .filter((r) => r.length === header!.length)
    .map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

export function readNovel(root: string, folder: string): PdncNovel {
  const dir = join(root, folder);
  const quotations = records(join(dir, 'quotation_info.csv')).flatMap((r): PdncQuotation[] => {
    let spans: [number, number][];
    try {
      spans = JSON.parse(r.quoteByteSpans!) as [number, number][];
    } catch {
      return [];
    }
    const type = ['Explicit', 'Anaphoric', 'Implicit'].includes(r.quoteType!)
      ? (r.quoteType as PdncQuotation['type'])
      : 'Other';
    return spans.length ? [{ id: r.quoteID!, spans, speaker: r.speaker!, type }] : [];
  });
  const characters = records(join(dir, 'character_info.csv')).map((r) => ({
    name: r['Main Name']!,
    aliases: [r['Main Name']!, ...pythonStrings(r.Aliases!)],
    gender: r.Gender!,
    category: r.Category!,
  }));
  return { folder, text: readFileSync(join(dir, 'novel_text.txt'), 'utf8'), quotations, characters };
}

export function novelFolders(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'quotation_info.csv')))
    .map((d) => d.name)
    .sort();
}

/** Names compared as a reader would: case, full stops after titles and apostrophe shapes aside. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .replace(/\./g, '')
      .replace(/^the\s+/, '')
      .replace(/\s+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}
