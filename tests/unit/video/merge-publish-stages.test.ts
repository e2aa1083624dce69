import { describe, expect, it } from 'vitest';
import { EDITOR_DEFAULTS } from '../../../functions/contracts/video';
import { filmSettingsOf } from '../../../functions/video/jobs/plan';
import { itemName, videoKeys, type ProductionPlan } from '../../../functions/video/model';
import { beatsOf } from '../../../functions/video/pipeline/audio';
import { mergeStage } from '../../../functions/video/pipeline/merge';
import { publishStage } from '../../../functions/video/pipeline/publish';
import { BOOK, described, pipelineWorld, produce } from '../../support/video-pipeline';

/**
 * MergeAudioAndVideo and Publish on the in-memory ports with doubles of the engine and of FFmpeg's
 * filming: the film merged from the scene clips and mixes, its counters; the published film — the
 * merged one as it is, or the shots joined when the lip-sync replaced some — in the studio's export
 * settings; a film published while its generation ended is removed.
 */
async function rendered(options: Parameters<ReturnType<typeof pipelineWorld>['startGeneration']>[0] = {}) {
  const world = pipelineWorld();
  const job = await world.startGeneration(options);
  await produce(world, job.id, 'video');
  world.doubles.calls.length = 0;
  return { world, job };
}

describe('the merge stage', () => {
  it("merges the scenes' clips with their mixes in film order and counts what went in", async () => {
    const { world, job } = await rendered();
    const answer = await mergeStage(world.deps, { job_id: job.id });
    const merge = world.doubles.calls.find((c) => c.name === 'film.mergeScenes')!.request as {
      mixPath: string;
      duration: number;
    }[];
    expect(merge.map((s) => s.mixPath.split('/').pop())).toEqual(['mix-0.wav', 'mix-1.wav']);
    const item = (await world.items.getItem(BOOK, job.id, 'merge', itemName.film))!;
    const total = merge[0]!.duration + merge[1]!.duration;
    expect(answer).toEqual({ scenes: 2, duration: total });
    expect(item).toMatchObject({
      keys: [videoKeys.merged(BOOK, job.id)],
      data: { merged_key: videoKeys.merged(BOOK, job.id), duration: total },
      counters: {
        total_scenes_merged: 2,
        total_duration: Math.round(total * 100) / 100,
        // Scene 1: narrator, 2 voices, 1 effect, 2 beds; scene 2: 1 voice, 2 beds.
        audio_tracks_mixed: 9,
        processing_time: 0,
      },
    });
    expect((await world.generation(job.id)).progress).toBe(72);
  });

  it('a scene without a clip asks for a retry from video', async () => {
    const world = pipelineWorld();
    const job = await world.startGeneration();
    await produce(world, job.id, 'images');
    await expect(mergeStage(world.deps, { job_id: job.id })).rejects.toThrow(
      'Scene 1 has no video: retry from video',
    );
  });
});

describe('the publish stage', () => {
  it('publishes the merged film as it is when every shot is as filmed, and finishes the generation', async () => {
    const { world, job } = await rendered();
    await mergeStage(world.deps, { job_id: job.id });
    // No lip-sync replaced a shot: every shot is as the render stage filmed it.
    const answer = await publishStage(world.deps, { job_id: job.id });
    const finalKey = videoKeys.final(BOOK, job.id, 1, 'mp4');
    expect(described(await world.storage.media.getBytes(finalKey))).toMatchObject({ made: 'merged film' });
    expect(world.doubles.calls.map((c) => c.name)).toContain('film.probeFilm');
    expect(world.doubles.calls.map((c) => c.name)).not.toContain('film.joinPictures');
    const done = await world.generation(job.id);
    expect(done).toMatchObject({
      status: 'ready',
      progress: 100,
      step: 'Completed',
      outputs: {
        generation_status: 'completed',
        stage: 'publish',
        final_key: finalKey,
        final: { duration: answer.duration, width: 1280, video_codec: 'h264', format: 'mp4' },
      },
    });
    expect(described(await world.storage.media.getBytes(done.outputs.final!.thumbnail_key!))).toEqual({
      made: 'thumbnail',
      of: 'subtitled.mp4',
    });
  });

  it("joins the shots with the lip-sync's talking ones and gives them the merged film's sound", async () => {
    const { world, job } = await rendered();
    await produce(world, job.id, 'lipsync', 'merge');
    world.doubles.calls.length = 0;
    await publishStage(world.deps, { job_id: job.id });
    const joined = world.doubles.calls.find((c) => c.name === 'film.joinPictures')!.request as string[];
    // Scene 1's three shots (Tobias's replaced by his talking one), then scene 2's one.
    expect(joined).toHaveLength(4);
    const mux = world.doubles.calls.find((c) => c.name === 'film.muxFilm')!.request as { soundPath: string };
    expect(mux.soundPath).toMatch(/merged\.mp4$/);
    expect(described(await world.storage.media.getBytes(videoKeys.final(BOOK, job.id, 1)))).toMatchObject({
      made: 'muxed film',
    });
  });

  it("makes the film in the studio's export settings", async () => {
    const { world, job } = await rendered();
    await mergeStage(world.deps, { job_id: job.id });
    const plan = described(await world.storage.media.getBytes(videoKeys.plan(BOOK, job.id)));
    const exp = { format: 'webm', quality: 'high', watermark: { text: 'BookStudio', position: 'top-right' } };
    await world.storage.media.put(
      videoKeys.plan(BOOK, job.id),
      JSON.stringify({ ...plan, export: exp }),
      'application/json',
    );
    await publishStage(world.deps, { job_id: job.id });
    const key = videoKeys.final(BOOK, job.id, 1, 'webm');
    expect(described(await world.storage.media.getBytes(key))).toEqual({
      made: 'exported webm',
      watermark: 'BookStudio',
      subtitles: 'WEBVTT',
    });
    expect((await world.storage.media.head(key))!.contentType).toBe('video/webm');
    expect(await world.generation(job.id)).toMatchObject({
      outputs: { final_key: key, final: { format: 'webm', width: 854, height: 480 } },
    });
  });

  it('burns the subtitles into the picture only when the studio asks', async () => {
    const burnedWith = async (burn: boolean) => {
      const { world, job } = await rendered();
      await mergeStage(world.deps, { job_id: job.id });
      const plan = described(await world.storage.media.getBytes(videoKeys.plan(BOOK, job.id)));
      const exp = { format: 'mp4', quality: 'high', watermark: null, burn_subtitles: burn };
      await world.storage.media.put(
        videoKeys.plan(BOOK, job.id),
        JSON.stringify({ ...plan, export: exp }),
        'application/json',
      );
      await publishStage(world.deps, { job_id: job.id });
      const exported = world.doubles.calls.find((c) => c.name === 'film.exportFilm');
      return exported?.request as { burnSubtitlesPath?: string; encode: boolean } | undefined;
    };
    // Burning changes the picture: the film is encoded with the sidecar's cues drawn in.
    expect(await burnedWith(true)).toMatchObject({
      encode: true,
      burnSubtitlesPath: expect.stringMatching(/final\.vtt$/),
    });
    // Off (the default), an MP4 at high quality is the rendered picture as it is: no export at all.
    expect(await burnedWith(false)).toBeUndefined();
    expect(filmSettingsOf({ ...EDITOR_DEFAULTS, burnSubtitles: true }).export.burn_subtitles).toBe(true);
    expect(filmSettingsOf(EDITOR_DEFAULTS).export.burn_subtitles).toBe(false);
  });

  it('stores the subtitles beside the film and carries them in it as a subtitle stream', async () => {
    const { world, job } = await rendered();
    await mergeStage(world.deps, { job_id: job.id });
    await publishStage(world.deps, { job_id: job.id });
    const key = videoKeys.finalSubtitles(BOOK, job.id, 1);
    expect((await world.storage.media.head(key))!.contentType).toBe('text/vtt');
    const vtt = Buffer.from(await world.storage.media.getBytes(key)).toString('utf8');
    const plan = described(
      await world.storage.media.getBytes(videoKeys.plan(BOOK, job.id)),
    ) as unknown as ProductionPlan;
    // Every spoken word of the script is in the subtitles, in order.
    const spoken = plan.scenes.flatMap((s) => beatsOf(s).map((b) => b.text)).join(' ');
    const cueText = vtt
      .split('\n\n')
      .slice(1)
      .map((block) => block.split('\n').slice(2).join(' '))
      .join(' ');
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:')).toBe(true);
    expect(cueText.trim().split(/\s+/)).toEqual(spoken.split(/\s+/));
    const stream = world.doubles.calls.find((c) => c.name === 'film.addSubtitleStream')!.request;
    expect(stream).toMatchObject({ format: 'mp4' });
    expect(described(await world.storage.media.getBytes(videoKeys.final(BOOK, job.id, 1)))).toMatchObject({
      made: 'merged film',
      subtitles: 'WEBVTT',
    });
    expect((await world.generation(job.id)).outputs.final).toMatchObject({ subtitles_key: key });
  });

  it('a generation cancelled while it is published keeps no film', async () => {
    const { world, job } = await rendered();
    await mergeStage(world.deps, { job_id: job.id });
    world.doubles.before.set('video.thumbnail', async () =>
      world.jobs.cancel(await world.generation(job.id)),
    );
    await expect(publishStage(world.deps, { job_id: job.id })).rejects.toMatchObject({
      name: 'JobGoneError',
    });
    expect(await world.storage.media.head(videoKeys.final(BOOK, job.id, 1))).toBeNull();
    expect(await world.storage.media.head(videoKeys.finalThumbnail(BOOK, job.id, 1))).toBeNull();
    expect(await world.storage.media.head(videoKeys.finalSubtitles(BOOK, job.id, 1))).toBeNull();
    expect((await world.generation(job.id)).status).toBe('cancelled');
  });
});
