/**
 * Duration of an MPEG audio layer III stream by walking its frame headers, so parts of a
 * synthesised text can be laid end to end without an FFmpeg round trip.
 */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG 1
  2: [22050, 24000, 16000], // MPEG 2
  0: [11025, 12000, 8000], // MPEG 2.5
};

interface FrameHeader {
  bytes: number;
  samples: number;
  sampleRate: number;
}

function frameAt(data: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > data.length || data[offset] !== 0xff || (data[offset + 1]! & 0xe0) !== 0xe0) return null;
  const version = (data[offset + 1]! >> 3) & 3;
  const layer = (data[offset + 1]! >> 1) & 3;
  const bitrateIndex = data[offset + 2]! >> 4;
  const rateIndex = (data[offset + 2]! >> 2) & 3;
  const padding = (data[offset + 2]! >> 1) & 1;
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex];
  if (layer !== 1 || !sampleRate || bitrateIndex === 0 || bitrateIndex === 15) return null;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const bytes = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  return { bytes, samples: mpeg1 ? 1152 : 576, sampleRate };
}

/** A leading ID3v2 tag's length (its size is stored as four 7-bit bytes). */
function id3Length(data: Uint8Array): number {
  if (data.length < 10 || data[0] !== 0x49 || data[1] !== 0x44 || data[2] !== 0x33) return 0;
  return 10 + ((data[6]! << 21) | (data[7]! << 14) | (data[8]! << 7) | data[9]!);
}

/** The encoder's info frame (Xing/Info) holds no audio. */
function isInfoFrame(data: Uint8Array, offset: number, frame: FrameHeader): boolean {
  const text = Buffer.from(data.subarray(offset, offset + frame.bytes)).toString('latin1');
  return text.includes('Xing') || text.includes('Info');
}

/** Seconds of audio in an MP3 and its sample rate (both 0 when no frame is found). */
export function mp3Info(data: Uint8Array): { duration: number; sampleRate: number } {
  let offset = id3Length(data);
  let seconds = 0;
  let sampleRate = 0;
  let first = true;
  while (offset + 4 <= data.length) {
    const frame = frameAt(data, offset);
    if (!frame) {
      offset++;
      continue;
    }
    if (!(first && isInfoFrame(data, offset, frame))) seconds += frame.samples / frame.sampleRate;
    sampleRate ||= frame.sampleRate;
    first = false;
    offset += frame.bytes;
  }
  return { duration: seconds, sampleRate };
}
