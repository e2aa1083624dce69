/**
 * Which speech provider serves each of the spec's voice models. The chosen provider
 * (ENGINE_SPEECH_PROVIDER) speaks every voice; with providers of one's own configured beside it, a
 * voice model someone *chose* speaks through its own provider — the `elevenlabs_*` models through
 * ElevenLabs (ELEVENLABS_API_KEY), `openai_tts` through the OpenAI-compatible server
 * (ENGINE_SPEECH_PROVIDER=openai, or OPENAI_TTS_MODEL) — each voice id naming its provider. The
 * product's own defaults (a `style`, see `VoiceChoice`) stay with the chosen provider, so a key
 * present in the environment never takes voices away from it. Offline and with Polly, every voice
 * model is a voice style of that catalogue. `google_wavenet` has no provider of its own here: it is
 * a style offline and with Polly, and refused in words beside a provider of one's own.
 */
import type { EngineConfig } from '../config';
import type { SpeechEngine, VoiceModel } from './types';

type ModelProvider = 'openai' | 'elevenlabs';

const MODEL_PROVIDER: Partial<Record<VoiceModel, ModelProvider>> = {
  elevenlabs_narrator: 'elevenlabs',
  elevenlabs_conversational: 'elevenlabs',
  elevenlabs_expressive: 'elevenlabs',
  openai_tts: 'openai',
};

const SETTING: Record<ModelProvider, string> = {
  elevenlabs: 'ELEVENLABS_API_KEY (your ElevenLabs account’s API key)',
  openai: 'OPENAI_TTS_MODEL (and OPENAI_BASE_URL for a server of your own)',
};

/** The model providers this configuration can reach. */
export function configuredSpeechProviders(config: EngineConfig): Set<ModelProvider> {
  const providers = new Set<ModelProvider>();
  if (config.ENGINE_SPEECH_PROVIDER === 'elevenlabs' || config.ELEVENLABS_API_KEY)
    providers.add('elevenlabs');
  if (config.ENGINE_SPEECH_PROVIDER === 'openai' || config.OPENAI_TTS_MODEL) providers.add('openai');
  return providers;
}

/**
 * Why a voice model someone chose cannot be spoken here (for a 400), or undefined. Offline and with
 * Polly every voice model is a style of that catalogue; with a provider of one's own chosen, a voice
 * model of another provider needs that provider configured too.
 */
export function voiceModelProblem(model: VoiceModel, config: EngineConfig): string | undefined {
  if (config.ENGINE_SPEECH_PROVIDER === 'local' || config.ENGINE_SPEECH_PROVIDER === 'polly')
    return undefined;
  const provider = MODEL_PROVIDER[model];
  if (!provider)
    return `The voice model ${model} needs Google Cloud Text-to-Speech, which this server does not connect to. Choose openai_tts or an elevenlabs voice model, or set ENGINE_SPEECH_PROVIDER=local for the offline voices.`;
  if (configuredSpeechProviders(config).has(provider)) return undefined;
  const name = provider === 'elevenlabs' ? 'ElevenLabs' : 'an OpenAI-compatible speech server';
  return `The voice model ${model} speaks through ${name}, which is not configured. Set ${SETTING[provider]}, or choose another voice model.`;
}

/**
 * The primary engine, with the configured model providers beside it: voice models go to their
 * provider, voice ids to the provider they name; everything else to the primary engine.
 */
export function routedSpeechEngine(
  primary: SpeechEngine,
  others: Partial<Record<ModelProvider, SpeechEngine>>,
): SpeechEngine {
  const byId = (voice: string): SpeechEngine => {
    const prefix = voice.split(':')[0] as ModelProvider;
    return others[prefix] ?? primary;
  };
  return {
    voices: (language) => [
      ...primary.voices(language),
      ...Object.values(others)
        .filter((engine) => engine !== primary)
        .flatMap((engine) => engine.voices(language)),
    ],
    voiceFor: (choice) => {
      const provider = choice.model && MODEL_PROVIDER[choice.model];
      return ((provider && others[provider]) || primary).voiceFor(choice);
    },
    synthesize: (request) => byId(request.voice).synthesize(request),
  };
}
