import type { InputType } from '../contracts/merge';

/**
 * What a file is from its first bytes (its magic number), before any decoder reads it: the
 * container, the FFmpeg demuxer that may open it (the probe is held to that one demuxer, so a file
 * cannot pass as a playlist or another format that makes FFmpeg open further URLs), and whether
 * the container can hold pictures at all. Pure: the caller reads the bytes.
 */
export interface Sniffed {
  /** A name for people ("MP4/QuickTime", "WebM/Matroska", …). */
  label: string;
  /** The FFmpeg demuxer (`-f`). */
  demuxer: string;
  /** false for containers that only ever hold sound (WAV, MP3, FLAC, …). */
  canHoldVideo: boolean;
  /** The declared content types (subtypes of video/ or audio/) this container is. */
  subtypes: readonly string[];
}

/** How many leading bytes `sniffMedia` needs (an MPEG-TS packet and the next sync byte). */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

const ISO_BOXES = ['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot'];

const FORMATS = {
  isobmff: {
    label: 'MP4/QuickTime',
    demuxer: 'mov',
    canHoldVideo: true,
    subtypes: ['mp4', 'x-m4v', 'quicktime', '3gpp', '3gpp2', 'x-m4a', 'm4a', 'mp4a-latm', 'aac', 'x-mp4'],
  },
  matroska: {
    label: 'WebM/Matroska',
    demuxer: 'matroska',
    canHoldVideo: true,
    subtypes: ['webm', 'x-matroska', 'matroska', 'mkv'],
  },
  avi: {
    label: 'AVI',
    demuxer: 'avi',
    canHoldVideo: true,
    subtypes: ['avi', 'x-msvideo', 'msvideo', 'vnd.avi'],
  },
  mpegts: { label: 'MPEG-TS', demuxer: 'mpegts', canHoldVideo: true, subtypes: ['mp2t', 'mpeg', 'x-mpegts'] },
  mpegps: { label: 'MPEG', demuxer: 'mpeg', canHoldVideo: true, subtypes: ['mpeg', 'x-mpeg', 'mpg'] },
  flv: { label: 'FLV', demuxer: 'flv', canHoldVideo: true, subtypes: ['x-flv', 'flv'] },
  asf: {
    label: 'WMV/ASF',
    demuxer: 'asf',
    canHoldVideo: true,
    subtypes: ['x-ms-wmv', 'x-ms-asf', 'x-ms-wma', 'wmv'],
  },
  ogg: {
    label: 'Ogg',
    demuxer: 'ogg',
    canHoldVideo: true,
    subtypes: ['ogg', 'x-ogg', 'opus', 'vorbis', 'x-theora+ogg'],
  },
  wav: { label: 'WAV', demuxer: 'wav', canHoldVideo: false, subtypes: ['wav', 'x-wav', 'wave', 'vnd.wave'] },
  mp3: {
    label: 'MP3',
    demuxer: 'mp3',
    canHoldVideo: false,
    subtypes: ['mpeg', 'mp3', 'x-mp3', 'mpeg3', 'x-mpeg'],
  },
  aac: { label: 'AAC (ADTS)', demuxer: 'aac', canHoldVideo: false, subtypes: ['aac', 'x-aac', 'aacp'] },
  flac: { label: 'FLAC', demuxer: 'flac', canHoldVideo: false, subtypes: ['flac', 'x-flac'] },
  aiff: { label: 'AIFF', demuxer: 'aiff', canHoldVideo: false, subtypes: ['aiff', 'x-aiff'] },
} as const satisfies Record<string, Sniffed>;

/** The container of these leading bytes, or null when they are no audio or video container known. */
export function sniffMedia(bytes: Uint8Array): Sniffed | null {
  if (bytes.length < 12) return null;
  if (ISO_BOXES.some((box) => ascii(bytes, 4, box))) return FORMATS.isobmff;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return FORMATS.matroska;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'AVI ')) return FORMATS.avi;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return FORMATS.wav;
  if (ascii(bytes, 0, 'FORM') && (ascii(bytes, 8, 'AIFF') || ascii(bytes, 8, 'AIFC'))) return FORMATS.aiff;
  if (ascii(bytes, 0, 'OggS')) return FORMATS.ogg;
  if (ascii(bytes, 0, 'fLaC')) return FORMATS.flac;
  if (ascii(bytes, 0, 'FLV') && bytes[3] === 1) return FORMATS.flv;
  if (ascii(bytes, 0, 'ID3')) return FORMATS.mp3;
  const asf = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11];
  if (asf.every((b, i) => bytes[i] === b)) return FORMATS.asf;
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0xba) return FORMATS.mpegps;
  if (bytes[0] === 0x47 && (bytes.length <= 188 || bytes[188] === 0x47)) return FORMATS.mpegts;
  // MPEG audio frame sync: 11 bits set; layer bits 00 mean an ADTS (AAC) header instead.
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)
    return (bytes[1]! & 0x06) === 0 ? FORMATS.aac : FORMATS.mp3;
  return null;
}

export type SniffVerdict =
  | { ok: true; format: Sniffed }
  | { ok: false; reason: 'not_media' | 'wrong_kind' | 'type_mismatch'; format?: Sniffed };

/**
 * The leading bytes checked against what was declared: readable media at all, a container that can
 * hold the declared kind, and the declared content type's container (an unusual subtype — one this
 * table does not know — is held only to the first two).
 */
export function checkDeclared(
  bytes: Uint8Array,
  declared: { fileType: InputType; contentType: string },
): SniffVerdict {
  const format = sniffMedia(bytes);
  if (!format) return { ok: false, reason: 'not_media' };
  if (declared.fileType === 'video' && !format.canHoldVideo)
    return { ok: false, reason: 'wrong_kind', format };
  const subtype = declared.contentType.trim().toLowerCase().split(';')[0]!.split('/')[1] ?? '';
  const known = Object.values(FORMATS).some((f) => (f.subtypes as readonly string[]).includes(subtype));
  if (known && !(format.subtypes as readonly string[]).includes(subtype))
    return { ok: false, reason: 'type_mismatch', format };
  return { ok: true, format };
}

/**
 * The content type an upload is kept with: what the client declared, or — when it declared nothing
 * of it (`application/octet-stream`, or none) — the one its bytes showed, of the declared kind
 * (`video/mp4` for an MP4 declared as a video).
 */
export function keptContentType(declared: string, fileType: InputType, format: Sniffed): string {
  const given = declared.trim().toLowerCase().split(';')[0]!.trim();
  if (/^(video|audio)\/[\w.+-]+$/.test(given)) return declared.trim();
  return `${fileType}/${format.subtypes[0]}`;
}
