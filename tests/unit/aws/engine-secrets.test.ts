import { GetParameterCommand, ParameterNotFound, SSMClient, ThrottlingException } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ssm = mockClient(SSMClient);
const NAMES = [
  'OPENAI_API_KEY',
  'ELEVENLABS_API_KEY',
  'OPENAI_API_KEY_PARAMETER',
  'ELEVENLABS_API_KEY_PARAMETER',
  'ENGINE_SPEECH_PROVIDER',
] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

/** A fresh process's view: the secrets are read once per process, so each test loads the modules anew. */
async function fresh() {
  vi.resetModules();
  const secrets = await import('../../../functions/lib/aws/engine-secrets');
  const config = await import('../../../functions/engine/config');
  return { ...secrets, ...config };
}

beforeEach(() => {
  ssm.reset();
  for (const name of NAMES) delete process.env[name];
  process.env.OPENAI_API_KEY_PARAMETER = '/bookstudio/test/openai-api-key';
  process.env.ELEVENLABS_API_KEY_PARAMETER = '/bookstudio/test/elevenlabs-api-key';
});
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('model provider keys on AWS', () => {
  it('reads each key from its SecureString parameter, decrypted, once per process', async () => {
    ssm
      .on(GetParameterCommand, { Name: '/bookstudio/test/openai-api-key' })
      .resolves({ Parameter: { Value: ' sk-from-ssm \n' } });
    ssm
      .on(GetParameterCommand, { Name: '/bookstudio/test/elevenlabs-api-key' })
      .resolves({ Parameter: { Value: 'el-from-ssm' } });
    const { prepareEngineSecrets, engineConfig } = await fresh();
    await prepareEngineSecrets();
    await prepareEngineSecrets();
    expect(engineConfig()).toMatchObject({
      OPENAI_API_KEY: 'sk-from-ssm',
      ELEVENLABS_API_KEY: 'el-from-ssm',
    });
    const calls = ssm.commandCalls(GetParameterCommand).map((call) => call.args[0].input);
    expect(calls).toEqual([
      { Name: '/bookstudio/test/openai-api-key', WithDecryption: true },
      { Name: '/bookstudio/test/elevenlabs-api-key', WithDecryption: true },
    ]);
  });

  it('keeps a key set in the environment and asks SSM nothing for it', async () => {
    process.env.OPENAI_API_KEY = 'sk-local';
    ssm.on(GetParameterCommand).rejects(new ParameterNotFound({ message: 'none', $metadata: {} }));
    const { prepareEngineSecrets, engineConfig } = await fresh();
    await prepareEngineSecrets();
    expect(engineConfig().OPENAI_API_KEY).toBe('sk-local');
    expect(ssm.commandCalls(GetParameterCommand).map((call) => call.args[0].input.Name)).toEqual([
      '/bookstudio/test/elevenlabs-api-key',
    ]);
  });

  it('leaves a provider without a parameter unconfigured, and the engine names the parameter to create', async () => {
    process.env.ENGINE_SPEECH_PROVIDER = 'elevenlabs';
    ssm.on(GetParameterCommand).rejects(new ParameterNotFound({ message: 'none', $metadata: {} }));
    const { prepareEngineSecrets, engineConfig } = await fresh();
    await expect(prepareEngineSecrets()).resolves.toBeUndefined();
    expect(process.env.ELEVENLABS_API_KEY).toBeUndefined();
    expect(() => engineConfig()).toThrowError(
      /ELEVENLABS_API_KEY: required when ENGINE_SPEECH_PROVIDER=elevenlabs.*SecureString parameter \/bookstudio\/test\/elevenlabs-api-key/,
    );
  });

  it('asks again on the next request when a key could not be read for a passing reason', async () => {
    ssm
      .on(GetParameterCommand, { Name: '/bookstudio/test/openai-api-key' })
      .rejectsOnce(new ThrottlingException({ message: 'slow down', Message: 'slow down', $metadata: {} }))
      .resolves({ Parameter: { Value: 'sk-second-try' } });
    ssm
      .on(GetParameterCommand, { Name: '/bookstudio/test/elevenlabs-api-key' })
      .resolves({ Parameter: { Value: 'el' } });
    const { prepareEngineSecrets, engineConfig } = await fresh();
    await prepareEngineSecrets();
    expect(process.env.OPENAI_API_KEY).toBeUndefined();
    await prepareEngineSecrets();
    expect(engineConfig().OPENAI_API_KEY).toBe('sk-second-try');
  });
});
