import { parseEngineSettings, type EngineConfig } from '../../functions/engine/config';

/**
 * The engine's settings as `npm start` reads them: every wrong one said at once before anything
 * starts (rather than as failed jobs later), or the line that says which provider serves what.
 */
export function engineAtStart(
  env: Record<string, string | undefined>,
): { ok: true; providers: string } | { ok: false; message: string } {
  const settings = parseEngineSettings(env);
  if (!settings.ok) {
    return {
      ok: false,
      message: [
        'Could not start: the engine settings are not usable.',
        ...settings.problems.map((problem) => `  - ${problem}`),
        'Fix them, or unset them for the offline engine, and start again.',
      ].join('\n'),
    };
  }
  return { ok: true, providers: providersLine(settings.config) };
}

/** Which provider serves each capability (README "Using your own models"). */
function providersLine(config: EngineConfig): string {
  const voices =
    config.ENGINE_SPEECH_PROVIDER !== 'elevenlabs' && config.ELEVENLABS_API_KEY
      ? `${config.ENGINE_SPEECH_PROVIDER} (the elevenlabs_* voice models when chosen: ElevenLabs)`
      : config.ENGINE_SPEECH_PROVIDER;
  return [
    `text ${config.ENGINE_TEXT_PROVIDER}`,
    `pictures ${config.ENGINE_IMAGE_PROVIDER}`,
    `voices ${voices}`,
    `scene video ${config.ENGINE_SCENE_VIDEO_PROVIDER}`,
  ].join(' · ');
}
