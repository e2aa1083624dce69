import { describe, expect, it } from 'vitest';
import { mergeMessages } from '../../../functions/contracts/merge';
import { createJobs } from '../../../functions/jobs';
import type { ProbeResult } from '../../../functions/engine/types';
import { mergeKeys } from '../../../functions/merge/model';
import { createMergeService } from '../../../functions/merge/service';
import { checkDeclared, keptContentType, sniffMedia } from '../../../functions/merge/sniff';
import { memoryAdapters } from '../../support/memory';

/**
 * Upload completion reads the stored file where it is: its first bytes for the magic number, then a
 * probe through a short-lived GET URL; it never copies the file. What the bytes say is checked
 * against what was declared.
 */
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts
      .flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p))
      .concat(Array(64).fill(0)),
  );

const MP4 = bytes([0, 0, 0, 0x20], 'ftypisom');
const WEBM = bytes([0x1a, 0x45, 0xdf, 0xa3]);
const WAV = bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ');
const MP3 = bytes('ID3', [4, 0]);
const ADTS = bytes([0xff, 0xf1, 0x50, 0x80]);
const TEXT = bytes('These are my notes, not a video.');

describe('sniffMedia', () => {
  it('names the container from its magic number', () => {
    expect(sniffMedia(MP4)?.demuxer).toBe('mov');
    expect(sniffMedia(WEBM)?.demuxer).toBe('matroska');
    expect(sniffMedia(WAV)?.demuxer).toBe('wav');
    expect(sniffMedia(MP3)?.demuxer).toBe('mp3');
    expect(sniffMedia(ADTS)?.demuxer).toBe('aac');
    expect(sniffMedia(bytes('OggS'))?.demuxer).toBe('ogg');
    expect(sniffMedia(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))?.demuxer).toBe('avi');
  });

  it('knows no container in text, a playlist or too few bytes', () => {
    expect(sniffMedia(TEXT)).toBeNull();
    expect(sniffMedia(bytes('#EXTM3U\n#EXT-X-VERSION:3'))).toBeNull();
    expect(sniffMedia(new Uint8Array([0, 0, 0, 0x20, 0x66]))).toBeNull();
  });
});

describe('checkDeclared', () => {
  it('accepts a container of the declared type and kind', () => {
    expect(checkDeclared(MP4, { fileType: 'video', contentType: 'video/mp4' })).toMatchObject({ ok: true });
    expect(checkDeclared(MP4, { fileType: 'video', contentType: 'video/quicktime' })).toMatchObject({
      ok: true,
    });
    expect(checkDeclared(WEBM, { fileType: 'video', contentType: 'video/webm' })).toMatchObject({ ok: true });
    expect(checkDeclared(MP3, { fileType: 'audio', contentType: 'audio/mpeg' })).toMatchObject({ ok: true });
    // A subtype the table does not know is held to the kind only.
    expect(checkDeclared(WEBM, { fileType: 'video', contentType: 'video/x-unknown' })).toMatchObject({
      ok: true,
    });
  });

  it('refuses text, an audio-only container declared as video, and another container than declared', () => {
    expect(checkDeclared(TEXT, { fileType: 'video', contentType: 'video/mp4' })).toEqual({
      ok: false,
      reason: 'not_media',
    });
    expect(checkDeclared(WAV, { fileType: 'video', contentType: 'video/mp4' })).toMatchObject({
      ok: false,
      reason: 'wrong_kind',
    });
    expect(checkDeclared(WEBM, { fileType: 'video', contentType: 'video/mp4' })).toMatchObject({
      ok: false,
      reason: 'type_mismatch',
    });
  });
});

describe('a file sent without its type', () => {
  it('is judged by its bytes alone, and kept with the type they show, of the declared kind', () => {
    for (const contentType of ['application/octet-stream', ''])
      expect(checkDeclared(MP4, { fileType: 'video', contentType })).toMatchObject({ ok: true });
    expect(checkDeclared(TEXT, { fileType: 'video', contentType: 'application/octet-stream' })).toMatchObject(
      {
        ok: false,
        reason: 'not_media',
      },
    );
    expect(keptContentType('application/octet-stream', 'video', sniffMedia(MP4)!)).toBe('video/mp4');
    expect(keptContentType('', 'audio', sniffMedia(MP4)!)).toBe('audio/mp4');
    expect(keptContentType('', 'audio', sniffMedia(MP3)!)).toBe('audio/mpeg');
    expect(keptContentType('video/quicktime', 'video', sniffMedia(MP4)!)).toBe('video/quicktime');
  });
});

describe('completing an upload', () => {
  function setup(probe: (source: string, demuxer: string) => Promise<ProbeResult>) {
    const adapters = memoryAdapters();
    const jobs = createJobs({ ...adapters, work: adapters.storage.uploads });
    const uploads = adapters.storage.uploads;
    const downloads: string[] = [];
    const download = uploads.download.bind(uploads);
    uploads.download = async (key, path) => {
      downloads.push(key);
      return download(key, path);
    };
    const service = createMergeService({
      table: adapters.table,
      clock: adapters.clock,
      jobs,
      uploads,
      media: adapters.storage.media,
      probe,
      planOf: async () => 'basic',
      uuid: adapters.uuid,
    });
    return { ...adapters, uploads, service, downloads };
  }

  async function upload(a: ReturnType<typeof setup>, body: Uint8Array, contentType = 'video/mp4') {
    const session = await a.service.startUpload('owner', {
      file_name: 'clip.mp4',
      file_type: 'video',
      content_type: contentType,
      size_bytes: body.length,
    });
    const multipart = [...a.uploads.multiparts.keys()].at(-1)!;
    const etag = a.uploads.putPart(multipart, 1, body);
    return { session, parts: [{ part_number: 1, etag }] };
  }

  const clip: ProbeResult = {
    duration: 4,
    bytes: 0,
    formatName: 'mov,mp4',
    video: {
      codec: 'h264',
      width: 1280,
      height: 720,
      fps: 30,
      pixelFormat: 'yuv420p',
      profile: 'High',
      level: 31,
    },
    audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
  };

  it('probes the stored file through a GET URL with the demuxer its bytes name, and copies nothing', async () => {
    const seen: { source: string; demuxer: string }[] = [];
    const a = setup(async (source, demuxer) => {
      seen.push({ source, demuxer });
      return clip;
    });
    const { session, parts } = await upload(a, MP4);
    const done = await a.service.completeUpload('owner', session.upload_id, parts);
    expect(done).toMatchObject({ status: 'completed', duration: 4, video_codec: 'h264' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.source).toMatch(/^memory:\/\/merge\/uploads\/owner\/.+\/source\?get/);
    expect(seen[0]!.demuxer).toBe('mov');
    expect(a.downloads).toEqual([]);
  });

  it('deletes the file and its record when its bytes are not what was declared, without probing', async () => {
    let probed = 0;
    const a = setup(async () => {
      probed++;
      return clip;
    });
    const { session, parts } = await upload(a, WEBM, 'video/mp4');
    await expect(a.service.completeUpload('owner', session.upload_id, parts)).rejects.toMatchObject({
      statusCode: 400,
      message: mergeMessages.typeMismatch('video/mp4', 'WebM/Matroska'),
    });
    expect(probed).toBe(0);
    expect(a.uploads.objects.size).toBe(0);
    expect(await a.table.get(mergeKeys.upload('owner', session.upload_id))).toBeNull();
  });

  it('deletes a file the probe cannot read', async () => {
    const a = setup(() => Promise.reject(new Error('moov atom not found')));
    const { session, parts } = await upload(a, MP4);
    await expect(a.service.completeUpload('owner', session.upload_id, parts)).rejects.toMatchObject({
      statusCode: 400,
      message: mergeMessages.unreadableFile,
    });
    expect(a.uploads.objects.size).toBe(0);
    expect(await a.table.get(mergeKeys.upload('owner', session.upload_id))).toBeNull();
  });
});
