import { PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourceNames } from '../definitions';
import { PROJECT_ROOT } from '../constructs/function';

/**
 * `npm run media-keys -- [stage]`: the key pair of signed media URLs for a stage. The private key
 * goes to an SSM SecureString (read by the API functions), the public key to
 * infra/keys/<stage>-media-public.pem (deployed as the CloudFront public key). Run it once per stage
 * before the first deploy, and again to rotate (then deploy).
 */
async function main() {
  const stage = process.argv[2] ?? 'prod';
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const name = resourceNames(stage).mediaSigningKeyParameter;
  const ssm = new SSMClient({});
  await ssm.send(
    new PutParameterCommand({
      Name: name,
      Value: privateKey,
      Type: 'SecureString',
      Overwrite: true,
      Description: 'Private key of signed media URLs (CloudFront key group)',
    }),
  );
  mkdirSync(join(PROJECT_ROOT, 'infra/keys'), { recursive: true });
  const file = join(PROJECT_ROOT, `infra/keys/${stage}-media-public.pem`);
  writeFileSync(file, publicKey);
  console.log(`Private key stored in SSM ${name}; public key written to ${file}. Deploy to use them.`);
}

main().catch((error: Error) => {
  console.error(`Could not create the media keys: ${error.message}`);
  process.exit(1);
});
