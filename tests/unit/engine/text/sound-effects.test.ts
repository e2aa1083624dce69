import { describe, expect, it } from 'vitest';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { sceneBed, sceneEffects } from '../../../../functions/engine/text/sound-effects';

async function soundsOf(content: string): Promise<string[]> {
  const engine = createLocalTextEngine();
  const script = await engine.screenplay({
    bookTitle: 'Tales',
    chapter: { title: 'Test', content },
    options: {
      style: 'cinematic_movie',
      sceneCount: 1,
      targetDuration: 'auto',
      focusAreas: [],
      storyType: 'hero_journey',
      includeCharacterProfiles: false,
      seed: 7,
    },
  });
  // However the passage is cut into scenes, every sound it tells of is in one of them.
  return script.scenes.flatMap((scene) => scene.audio_requirements);
}

describe('sound effects named for the sound the passage tells of', () => {
  it('names the events of a passage as sounds, never as its sentences', async () => {
    const sounds = await soundsOf(
      'The storm broke over the abbey at midnight. Thunder rolled across the hills and the rain lashed the windows. Brother Anselm hurried down the cloister, his footsteps ringing on the cold flagstones, and the great door slammed behind him. Far off a horse galloped along the road.',
    );
    expect(sounds).toEqual(
      expect.arrayContaining(['thunder', 'rain', 'footsteps on stone', 'door slam', 'horse hooves']),
    );
    for (const sound of sounds) expect(sound.split(' ').length).toBeLessThanOrEqual(5);
  });

  it('knows a knock from a slam and footsteps on gravel from footsteps on stairs', async () => {
    expect(await soundsOf('Someone knocked twice. Then footsteps crossed the gravel of the drive.')).toEqual(
      expect.arrayContaining(['knock at the door', 'footsteps on gravel']),
    );
    expect(await soundsOf('Heavy footsteps came up the stairs in the dark house.')).toContain(
      'footsteps on the stairs',
    );
  });

  it('picks effects from the sounds and leaves out the ambience bed and any sentence', () => {
    const requirements = [
      'rain',
      'Henry at first believed them to be the wanderings of my disturbed imagination',
      'harbour ambience',
      'door slam',
      'Rain',
      'thunder',
    ];
    expect(sceneEffects(requirements, 4)).toEqual(['rain', 'door slam', 'thunder']);
    expect(sceneEffects(requirements, 2)).toEqual(['rain', 'door slam']);
    expect(sceneBed(requirements)).toBe('harbour ambience');
    expect(sceneBed(['wind'])).toBe('room tone');
  });
});
