import { inflateRawSync } from 'node:zlib';
import { IngestError } from './types';

/**
 * A ZIP reader for DOCX and EPUB that cannot be talked into exhausting memory: it reads the central
 * directory itself, inflates only the entries asked for, and caps every inflation with
 * `maxOutputLength`, so a header that lies about the size changes nothing.
 */

export interface ZipLimits {
  maxEntries: number;
  /** Decompressed bytes of any single entry read. */
  maxEntryBytes: number;
  /** Decompressed bytes read from the whole archive. */
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
};

interface ZipEntry {
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_32 = 0xffffffff;

export function archiveTooLarge(): IngestError {
  return new IngestError(
    'archive_too_large',
    'This file expands to far more data than a book contains, so it was not opened. Upload a regular copy of the book as PDF, DOCX, EPUB or TXT.',
  );
}

export class ZipArchive {
  private totalRead = 0;

  private constructor(
    private readonly bytes: Uint8Array,
    private readonly entries: Map<string, ZipEntry>,
    private readonly byLowerName: Map<string, string>,
    private readonly limits: ZipLimits,
    private readonly label: string | undefined,
  ) {}

  /** Parses the central directory. `label` ('DOCX', 'EPUB') makes error messages name the format. */
  static open(bytes: Uint8Array, label?: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipArchive {
    const corrupt = () => corruptArchive(label);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const eocd = findEndOfCentralDirectory(bytes, view);
    if (eocd < 0) throw corrupt();

    let count = view.getUint16(eocd + 10, true);
    let directorySize = view.getUint32(eocd + 12, true);
    let directoryOffset = view.getUint32(eocd + 16, true);
    if (count === 0xffff || directoryOffset === MAX_32 || directorySize === MAX_32) {
      const zip64 = readZip64End(view, eocd);
      if (!zip64) throw corrupt();
      ({ count, directorySize, directoryOffset } = zip64);
    }
    if (count > limits.maxEntries) throw archiveTooLarge();
    if (directoryOffset + directorySize > bytes.length) throw corrupt();

    const entries = new Map<string, ZipEntry>();
    const byLowerName = new Map<string, string>();
    const names = new TextDecoder('utf-8');
    let at = directoryOffset;
    for (let index = 0; index < count; index++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw corrupt();
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      const end = at + 46 + nameLength + extraLength + commentLength;
      if (end > bytes.length) throw corrupt();
      const entry: ZipEntry = {
        flags: view.getUint16(at + 8, true),
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        uncompressedSize: view.getUint32(at + 24, true),
        localHeaderOffset: view.getUint32(at + 42, true),
      };
      applyZip64Extra(view, at + 46 + nameLength, extraLength, entry);
      const name = normaliseName(names.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
      if (name && !name.endsWith('/') && !entries.has(name)) {
        entries.set(name, entry);
        if (!byLowerName.has(name.toLowerCase())) byLowerName.set(name.toLowerCase(), name);
      }
      at = end;
    }
    return new ZipArchive(bytes, entries, byLowerName, limits, label);
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  /** The stored name for `name`, matching case-insensitively as a fallback (Windows-made e-books). */
  resolve(name: string): string | undefined {
    const normalised = normaliseName(name);
    if (this.entries.has(normalised)) return normalised;
    return this.byLowerName.get(normalised.toLowerCase());
  }

  has(name: string): boolean {
    return this.resolve(name) !== undefined;
  }

  /** The decompressed entry, or undefined when there is no such entry. */
  read(name: string): Uint8Array | undefined {
    const resolved = this.resolve(name);
    const entry = resolved === undefined ? undefined : this.entries.get(resolved);
    if (!entry) return undefined;
    if (entry.flags & 1) {
      throw new IngestError(
        'encrypted',
        'This file is password-protected. Remove the password and upload it again.',
      );
    }
    const budget = Math.min(this.limits.maxEntryBytes, this.limits.maxTotalBytes - this.totalRead);
    // Believe the header when it admits to being too big; never when it claims to be small.
    if (entry.uncompressedSize > budget || budget < 1) throw archiveTooLarge();

    const data = this.entryData(entry);
    let output: Uint8Array;
    if (entry.method === 0) {
      if (data.length > budget) throw archiveTooLarge();
      output = data;
    } else if (entry.method === 8) {
      try {
        output = inflateRawSync(data, { maxOutputLength: budget });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw archiveTooLarge();
        throw corruptArchive(this.label);
      }
    } else {
      throw corruptArchive(this.label);
    }
    this.totalRead += output.length;
    return output;
  }

  readText(name: string): string | undefined {
    const data = this.read(name);
    return data && new TextDecoder('utf-8').decode(data);
  }

  private entryData(entry: ZipEntry): Uint8Array {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localHeaderOffset;
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
      throw corruptArchive(this.label);
    }
    // The local header's name and extra lengths may differ from the central directory's.
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length) throw corruptArchive(this.label);
    return this.bytes.subarray(start, end);
  }
}

function corruptArchive(label: string | undefined): IngestError {
  return new IngestError(
    'corrupt',
    label ? `This ${label} file is damaged and can't be read.` : "This file is damaged and can't be read.",
  );
}

function normaliseName(name: string): string {
  return name.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
}

function findEndOfCentralDirectory(bytes: Uint8Array, view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65 535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes[at] === 0x50 && view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function readZip64End(
  view: DataView,
  eocd: number,
): { count: number; directorySize: number; directoryOffset: number } | null {
  const locator = eocd - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) return null;
  const record = Number(view.getBigUint64(locator + 8, true));
  if (record + 56 > view.byteLength || view.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE) return null;
  const count = view.getBigUint64(record + 32, true);
  const directorySize = view.getBigUint64(record + 40, true);
  const directoryOffset = view.getBigUint64(record + 48, true);
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (count > limit || directorySize > limit || directoryOffset > limit) return null;
  return {
    count: Number(count),
    directorySize: Number(directorySize),
    directoryOffset: Number(directoryOffset),
  };
}

/** ZIP64 stores the real values in extra field 0x0001, for whichever 32-bit fields overflowed. */
function applyZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  const end = start + length;
  for (let at = start; at + 4 <= end;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) return MAX_32;
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === MAX_32) entry.uncompressedSize = next();
      if (entry.compressedSize === MAX_32) entry.compressedSize = next();
      if (entry.localHeaderOffset === MAX_32) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}
