import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { createSign } from 'node:crypto';
import { ConfigError } from '../errors';
import type { MediaUrlSigner } from '../ports';
import { aws } from './clients';

/**
 * The CloudFront adapter of the media URL signer. The /media/* behaviour of the distribution trusts
 * one key group (infra/constructs/web.ts); its private key is an SSM SecureString written by
 * `npm run media-keys` and read once per container. A custom policy names the object on any host
 * (`https://<any host>/media/<key>`), so functions do not need the distribution's domain.
 */
const base64Url = (data: Buffer | string) =>
  Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');

export function createCloudFrontMediaSigner(keyPairId: string, privateKeyPem: string): MediaUrlSigner {
  return {
    sign(key, expiresAt) {
      const policy = JSON.stringify({
        Statement: [
          {
            Resource: `https://*/${key}`,
            Condition: { DateLessThan: { 'AWS:EpochTime': expiresAt } },
          },
        ],
      });
      const signature = createSign('RSA-SHA1').update(policy).sign(privateKeyPem);
      return `Policy=${base64Url(policy)}&Signature=${base64Url(signature)}&Key-Pair-Id=${keyPairId}`;
    },
  };
}

export async function loadCloudFrontMediaSigner(): Promise<MediaUrlSigner> {
  const keyPairId = process.env.MEDIA_SIGNING_KEY_PAIR_ID;
  const parameter = process.env.MEDIA_SIGNING_KEY_PARAMETER;
  if (!keyPairId || !parameter)
    throw new ConfigError(
      'Missing environment variable MEDIA_SIGNING_KEY_PAIR_ID or MEDIA_SIGNING_KEY_PARAMETER',
    );
  const { Parameter } = await aws.ssm.send(
    new GetParameterCommand({ Name: parameter, WithDecryption: true }),
  );
  if (!Parameter?.Value)
    throw new ConfigError(`The media signing key ${parameter} is empty: run npm run media-keys`);
  return createCloudFrontMediaSigner(keyPairId, Parameter.Value);
}
