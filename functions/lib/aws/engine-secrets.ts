import { resetEngineConfig } from '../../engine/config';
import { logger } from '../logger';
import { readSecretParameter } from './secret-parameters';

/** Each model provider's key, and the variable naming the SSM parameter it is kept in on AWS. */
const KEYS = [
  { setting: 'OPENAI_API_KEY', parameter: 'OPENAI_API_KEY_PARAMETER' },
  { setting: 'ELEVENLABS_API_KEY', parameter: 'ELEVENLABS_API_KEY_PARAMETER' },
] as const;

let prepared: Promise<void> | undefined;

/**
 * On AWS the model providers' keys are SecureString parameters, never plain environment variables:
 * before a process's first request they are read (once) into the settings the engine reads. A key
 * set in the environment wins (local runs); a parameter that does not exist leaves its provider
 * unconfigured, which the engine reports in words when it is needed (a self-hosted OpenAI-compatible
 * server needs no key at all). The values are never logged.
 */
export function prepareEngineSecrets(): Promise<void> {
  prepared ??= (async () => {
    let changed = false;
    let unread = false;
    for (const key of KEYS) {
      const parameter = process.env[key.parameter]?.trim();
      if (!parameter || process.env[key.setting]?.trim()) continue;
      try {
        const value = await readSecretParameter(parameter);
        if (value) {
          process.env[key.setting] = value;
          changed = true;
        }
      } catch (error) {
        const missing = error instanceof Error && error.name === 'ParameterNotFound';
        if (!missing) {
          logger.error('model provider key could not be read', { parameter, error: error as Error });
          unread = true;
        }
      }
    }
    // A key that could not be read (throttled, a network error) is asked for again by the next request.
    if (unread) prepared = undefined;
    // The engine itself is made on first use, inside a handler, so after this.
    if (changed) resetEngineConfig();
  })();
  return prepared;
}
