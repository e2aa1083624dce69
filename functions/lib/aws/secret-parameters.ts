import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { aws } from './clients';

const cache = new Map<string, string>();

/** A SecureString parameter of SSM, decrypted, read once per process. */
export async function readSecretParameter(name: string): Promise<string> {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const { Parameter } = await aws.ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
  const value = (Parameter?.Value ?? '').trim();
  cache.set(name, value);
  return value;
}
