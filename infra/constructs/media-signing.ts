import { Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/**
 * The key CloudFront trusts for private media (/media/*): the public half is a CloudFront public
 * key in a key group on the media behaviour; the private half is an SSM SecureString that only the
 * API functions read (functions/lib/aws/cloudfront-media-signer.ts). `npm run media-keys` creates
 * both (infra/scripts/media-keys.ts) — the private key never passes through CloudFormation.
 */
export class MediaSigning extends Construct {
  readonly keyGroup: cloudfront.KeyGroup;
  readonly publicKey: cloudfront.PublicKey;
  readonly parameterName: string;

  constructor(scope: Construct, id: string, props: { publicKeyPem: string; parameterName: string }) {
    super(scope, id);
    this.parameterName = props.parameterName;
    this.publicKey = new cloudfront.PublicKey(this, 'PublicKey', {
      encodedKey: props.publicKeyPem,
      comment: 'Verifies signed URLs of private media',
    });
    this.keyGroup = new cloudfront.KeyGroup(this, 'KeyGroup', { items: [this.publicKey] });
  }

  /** What a function needs to sign media URLs. */
  get environment(): Record<string, string> {
    return {
      MEDIA_SIGNING_KEY_PAIR_ID: this.publicKey.publicKeyId,
      MEDIA_SIGNING_KEY_PARAMETER: this.parameterName,
    };
  }

  grantSign(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: this.parameterName.replace(/^\//, ''),
          }),
        ],
      }),
    );
  }
}
