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
 * each) and the narrator voices.
 */
const PREVIEW_VERSION = 'v1';

export function createLearningAssistant(deps: { media: ObjectStore; engine: () => Engine }) {
  /** A presenter's preview is drawn on first request and kept with the media. */
  async function presenterPreview(id: string): Promise<string> {
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
    async presenters(): Promise<VideoAvatar[]> {
      return Promise.all(
        PRESENTERS.map(async (p) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          voice_gender: p.gender,
          preview_url: mediaUrl(await presenterPreview(p.id)),
        })),
      );
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
