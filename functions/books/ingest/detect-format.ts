import { IngestError } from './types';
import type { SourceFormat } from './types';
import { ZipArchive } from './zip';

/**
 * Decides what an upload is from its bytes. The filename's extension is only used to explain a
 * mismatch ("named .pdf but it is a PNG image"); it never decides how the file is read.
 */

const UNSUPPORTED_MESSAGE = 'Unsupported file type. Upload a PDF, DOCX, EPUB or TXT file.';

const FORMAT_DESCRIPTIONS: Record<SourceFormat, string> = {
  pdf: 'a PDF document',
  docx: 'a Word document (DOCX)',
  epub: 'an EPUB e-book',
  txt: 'a plain text file',
};

const EXTENSION_FORMATS: Record<string, SourceFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  epub: 'epub',
  txt: 'txt',
  text: 'txt',
  md: 'txt',
};

/** What the bytes are: a format we read, or a description of something we don't. */
type Sniffed = { format: SourceFormat } | { other: string; damagedZip?: boolean };

export function detectFormat(bytes: Uint8Array, filename?: string): SourceFormat {
  if (bytes.length === 0) throw new IngestError('empty_file', 'The file is empty.');
  const sniffed = sniff(bytes);
  const extension = filename ? /\.([A-Za-z0-9]+)$/.exec(filename.trim())?.[1]?.toLowerCase() : undefined;
  const named = extension ? EXTENSION_FORMATS[extension] : undefined;

  if ('format' in sniffed) {
    if (named && named !== sniffed.format)
      throw mismatch(extension as string, FORMAT_DESCRIPTIONS[sniffed.format]);
    return sniffed.format;
  }
  if ((named === 'docx' || named === 'epub') && sniffed.damagedZip) {
    // A broken download of a real DOCX or EPUB: say it is damaged, not that it is something else.
    throw new IngestError('corrupt', `This ${named.toUpperCase()} file is damaged and can't be read.`);
  }
  if (named) throw mismatch(extension as string, sniffed.other);
  throw new IngestError(
    'unsupported_type',
    sniffed.other
      ? `Unsupported file type: this is ${sniffed.other}. Upload a PDF, DOCX, EPUB or TXT file.`
      : UNSUPPORTED_MESSAGE,
  );
}

function mismatch(extension: string, actual: string): IngestError {
  const what = actual || 'not a file type we can read';
  return new IngestError(
    'type_mismatch',
    `This file is named .${extension} but it is ${what}. Upload a real PDF, DOCX, EPUB or TXT file.`,
  );
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

function sniff(bytes: Uint8Array): Sniffed {
  if (isPdf(bytes)) return { format: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(bytes);
  if (startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return { other: 'an empty ZIP archive' };
  // A text byte order mark first: FF FE would otherwise read as an MP3 frame header.
  if (hasTextBom(bytes)) return { format: 'txt' };
  const binary = sniffBinary(bytes);
  if (binary) return { other: binary };
  if (isText(bytes)) return { format: 'txt' };
  return { other: '' };
}

/** `%PDF-` at the start, allowing a BOM and whitespace within the first kilobyte, as readers do. */
function isPdf(bytes: Uint8Array): boolean {
  let at = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  const limit = Math.min(bytes.length, 1024);
  while (at < limit && isWhitespace(bytes[at] as number)) at++;
  return startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d], at);
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

function sniffZip(bytes: Uint8Array): Sniffed {
  let archive: ZipArchive;
  try {
    archive = ZipArchive.open(bytes);
  } catch (error) {
    if (error instanceof IngestError && error.code === 'archive_too_large') throw error;
    return { other: 'a damaged ZIP archive', damagedZip: true };
  }
  if (archive.has('META-INF/container.xml') || isEpubMimetype(archive)) return { format: 'epub' };
  if (archive.has('word/document.xml')) return { format: 'docx' };
  if (archive.has('xl/workbook.xml')) return { other: 'an Excel spreadsheet' };
  if (archive.has('ppt/presentation.xml')) return { other: 'a PowerPoint presentation' };
  if (archive.has('content.xml') && archive.has('mimetype')) return { other: 'an OpenDocument file' };
  return { other: 'a ZIP archive' };
}

function isEpubMimetype(archive: ZipArchive): boolean {
  if (!archive.has('mimetype')) return false;
  try {
    return archive.readText('mimetype')?.trim() === 'application/epub+zip';
  } catch {
    return false;
  }
}

function sniffBinary(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'a PNG image';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'a JPEG image';
  const head = ascii(bytes, 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'a GIF image';
  if (head.startsWith('RIFF')) {
    const kind = head.slice(8, 12);
    if (kind === 'WEBP') return 'a WebP image';
    if (kind === 'WAVE') return 'a WAV audio file';
    if (kind.startsWith('AVI')) return 'an AVI video';
  }
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'a TIFF image';
  if (head.slice(4, 8) === 'ftyp') {
    const brand = head.slice(8, 12);
    if (/^(heic|heix|mif1|avif)/.test(brand)) return 'a HEIC/AVIF image';
    if (/^M4A|^M4B/.test(brand)) return 'an audio file';
    return 'an MP4 video';
  }
  if (head.startsWith('ID3') || (bytes[0] === 0xff && ((bytes[1] as number) & 0xe0) === 0xe0)) {
    return 'an MP3 audio file';
  }
  if (head.startsWith('OggS')) return 'an Ogg audio file';
  if (head.startsWith('fLaC')) return 'a FLAC audio file';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'a WebM/MKV video';
  if (head.startsWith('MZ')) return 'a Windows program';
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'a program (ELF executable)';
  if (
    startsWith(bytes, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(bytes, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe])
  ) {
    return 'a program (Mach-O executable)';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return 'an old Word (.doc) or password-protected Office file';
  }
  if (head.startsWith('{\\rtf')) return 'an RTF document';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'a GZIP archive';
  if (head.startsWith('Rar!')) return 'a RAR archive';
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return 'a 7-Zip archive';
  if (ascii(bytes, 60, 68) === 'BOOKMOBI') return 'a Kindle (MOBI/AZW) e-book';
  return null;
}

/**
 * (Without a BOM) text unless it has NUL bytes (UTF-16 needs a BOM) or too many control characters. Bytes above 0x7F
 * are fine: they can be any 8-bit encoding, which the TXT extractor works out.
 */
function hasTextBom(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0xef, 0xbb, 0xbf]) ||
    startsWith(bytes, [0xff, 0xfe]) ||
    startsWith(bytes, [0xfe, 0xff])
  );
}

function isText(bytes: Uint8Array): boolean {
  if (bytes.indexOf(0) >= 0) return false;
  const sample = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const byte of sample) {
    // Tab, line feed, form feed, carriage return and escape are normal in text files.
    if (
      (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 27) ||
      byte === 0x7f
    ) {
      control++;
    }
  }
  return control <= sample.length * 0.01;
}
