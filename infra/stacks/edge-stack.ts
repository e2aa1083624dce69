import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeWebAcl } from '../constructs/edge-waf';

/**
 * What CloudFront needs from us-east-1 whatever region the app is in: the WAF web ACL. The app
 * stack reads its ARN through a cross-region reference (CDK writes it to SSM in us-east-1 and reads
 * it back in the app's region).
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, props);
    const acl = new EdgeWebAcl(this, 'Waf', { name: `bookstudio-${props.stage}-edge` });
    this.webAclArn = acl.webAcl.attrArn;
  }
}
