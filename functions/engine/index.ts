import { createLocalAudioEngine } from './audio/local';
import { engineConfig } from './config';
import { createBedrockImageEngine } from './image/bedrock';
import { createLocalImageEngine } from './image/local';
import { createOpenAIImageEngine } from './image/openai';
import type { ImageEngine } from './image/types';
import { createLocalLipSyncEngine } from './lipsync/local';
import { createLocalSpeechEngine } from './speech/local';
import { createElevenLabsSpeechEngine } from './speech/elevenlabs';
import { createOpenAISpeechEngine } from './speech/openai';
import { createPollySpeechEngine } from './speech/polly';
import { configuredSpeechProviders, routedSpeechEngine } from './speech/providers';
import type { SpeechEngine } from './speech/types';
import { createBedrockTextEngine } from './text/bedrock';
import { createLocalTextEngine } from './text/local';
import { createOpenAITextEngine } from './text/openai';
import type { TextEngine } from './text/types';
import type { Engine } from './types';
import { createBedrockSceneVideoEngine } from './video/bedrock';
import { createLocalVideoEngine } from './video/local';
import { createLocalSceneVideoEngine } from './video/local/scene-video';

let engine: Engine | undefined;

/**
 * The engine of this process: each capability's implementation chosen by configuration
 * (ENGINE_*_PROVIDER; local by default). Created once, like the AWS clients.
 */
export function getEngine(): Engine {
  if (engine) return engine;
  const config = engineConfig();
  const image = imageEngine(config.ENGINE_IMAGE_PROVIDER);
  engine = {
    text: textEngine(config.ENGINE_TEXT_PROVIDER),
    speech: speechEngine(config),
    image,
    audio: createLocalAudioEngine(),
    video: createLocalVideoEngine(),
    sceneVideo:
      config.ENGINE_SCENE_VIDEO_PROVIDER === 'bedrock'
        ? createBedrockSceneVideoEngine()
        : createLocalSceneVideoEngine({ imageEngine: image }),
    lipSync: createLocalLipSyncEngine(),
  };
  return engine;
}

function textEngine(provider: ReturnType<typeof engineConfig>['ENGINE_TEXT_PROVIDER']): TextEngine {
  if (provider === 'bedrock') return createBedrockTextEngine();
  if (provider === 'openai') return createOpenAITextEngine();
  return createLocalTextEngine();
}

/** The chosen speech provider, with the other configured ones beside it for their voice models. */
function speechEngine(config: ReturnType<typeof engineConfig>): SpeechEngine {
  const configured = configuredSpeechProviders(config);
  const openai = configured.has('openai') ? createOpenAISpeechEngine() : undefined;
  const elevenlabs = configured.has('elevenlabs') ? createElevenLabsSpeechEngine() : undefined;
  const primary =
    config.ENGINE_SPEECH_PROVIDER === 'polly'
      ? createPollySpeechEngine()
      : config.ENGINE_SPEECH_PROVIDER === 'openai'
        ? openai!
        : config.ENGINE_SPEECH_PROVIDER === 'elevenlabs'
          ? elevenlabs!
          : createLocalSpeechEngine();
  if (!openai && !elevenlabs) return primary;
  return routedSpeechEngine(primary, {
    ...(openai ? { openai } : {}),
    ...(elevenlabs ? { elevenlabs } : {}),
  });
}

function imageEngine(provider: ReturnType<typeof engineConfig>['ENGINE_IMAGE_PROVIDER']): ImageEngine {
  if (provider === 'bedrock') return createBedrockImageEngine();
  if (provider === 'openai') return createOpenAIImageEngine();
  return createLocalImageEngine();
}

/** Forgets the engine (tests switch providers through the environment). */
export function resetEngine(): void {
  engine = undefined;
}
