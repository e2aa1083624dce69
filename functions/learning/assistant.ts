import { join } from 'node:path';
import type { VideoAvatar } from '../contracts/learning';
import { withTempDir } from '../engine/media/temp';
import { findPresenter, PRESENTERS, presenterProfile } from '../engine/productions/presenters';
import type { Engine } from '../engine/types';
import { BadRequestError } from '../lib/errors';
import { mediaUrl } from '../lib/media-urls';
import type { ObjectStore } from '../lib/ports';
import { learningKeys } from './model';

/**
 * What the learning view offers around the content itself: the presenters (with a drawn preview
 * each, drawn by a job the first time) and the narrator voices.
 */
const PREVIEW_VERSION = 'v1';

export interface LearningAssistantDeps {
  media: ObjectStore;
  engine: () => Engine;
  /** Starts the job that draws the previews not drawn yet (jobs/assist.*). */
  drawPreviewsLater: (userId: string) => Promise<unknown>;
}

export function createLearningAssistant(deps: LearningAssistantDeps) {
  /** Draws a presenter's preview and keeps it with the media (a job's work: the image model may be slow). */
  async function drawPreview(id: string): Promise<string> {
    const key = learningKeys.avatarPreview(id, PREVIEW_VERSION);
    if (await deps.media.head(key)) return key;
    const profile = presenterProfile(findPresenter(id)!);
    return withTempDir('avatar', async (dir) => {
      const image = await deps.engine().image.portrait({
        character: profile,
        style: 'realistic',
        quality: 'standard',
        aspectRatio: '1:1',
        seed: profile.seed,
        outputPath: join(dir, 'portrait.png'),
      });
      await deps.media.upload(key, image.path, 'image/png');
      return key;
    });
  }

  return {
    /**
     * The presenters, each with its preview once drawn: previews not drawn yet are drawn by a job
     * (started here, one at a time per user) and answer null until then, so no request waits on the
     * image model.
     */
    async presenters(userId: string): Promise<VideoAvatar[]> {
      const keys = await Promise.all(
        PRESENTERS.map(async (p) => {
          const key = learningKeys.avatarPreview(p.id, PREVIEW_VERSION);
          return (await deps.media.head(key)) ? key : null;
        }),
      );
      if (keys.includes(null)) await deps.drawPreviewsLater(userId);
      return PRESENTERS.map((p, i) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        voice_gender: p.gender,
        preview_url: mediaUrl(keys[i] ?? null),
      }));
    },

    /** Draws every preview not drawn yet, in turn. */
    async drawPreviews(): Promise<void> {
      for (const presenter of PRESENTERS) await drawPreview(presenter.id);
    },

    /** Narrator voices, of one language when asked. */
    narratorVoices: (language?: string) =>
      deps
        .engine()
        .speech.voices(language)
        .filter((v) => v.role === 'narrator'),

    /** The voice option of a request: absent, or one of the engine's voices. */
    voiceOption(voice: string | undefined): { voice?: string } {
      if (!voice) return {};
      if (
        !deps
          .engine()
          .speech.voices()
          .some((v) => v.id === voice)
      )
        throw new BadRequestError('Unknown voice. Choose one from /ai/voices.', 'unknown_voice');
      return { voice };
    },
  };
}

export type LearningAssistant = ReturnType<typeof createLearningAssistant>;
