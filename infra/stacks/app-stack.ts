import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { buckets, resourceNames } from '../definitions';
import { Api } from '../constructs/api';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { engineDeployment } from '../constructs/engine-access';
import { MediaLayer } from '../constructs/media-layer';
import { MediaSigning } from '../constructs/media-signing';
import type { AppResources } from '../constructs/function';
import { Pipelines } from '../constructs/pipelines';
import { WebHosting } from '../constructs/web';
import { stateMachineArnVariable } from '../../functions/lib/config';
import { workflows, type WorkflowName } from '../../functions/workflows';

export interface AppStackProps extends StackProps {
  stage: string;
  /** PEM of the public key CloudFront checks media URL signatures with (`npm run media-keys`). */
  mediaSigningPublicKeyPem: string;
  /** The CLOUDFRONT web ACL of the edge stack (us-east-1). */
  webAclArn?: string;
  /** A domain of the API's own: its execute-api endpoint is then disabled (see constructs/api.ts). */
  apiDomain?: { name: string; certificateArn: string };
  /** Cognito threat protection (Plus feature plan). Default on. */
  threatProtection?: boolean;
  /** Reserved concurrency of each job worker (0 = none). Default 10. */
  workerConcurrency?: number;
  /**
   * The engine's settings (ENGINE_*, BEDROCK_*, OPENAI_* but the key…), as the shell that deploys
   * sets them; none: everything offline. See infra/constructs/engine-access.ts.
   */
  engineSettings?: Record<string, string | undefined>;
}

/** The whole product in one stack: data, pipelines, auth, API and web hosting. */
export class AppStack extends Stack {
  readonly data: Data;
  readonly media: MediaLayer;
  readonly pipelines: Pipelines;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: WebHosting;
  readonly mediaSigning: MediaSigning;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const names = resourceNames(props.stage);

    this.data = new Data(this, 'Data');
    const resources: AppResources = {
      table: this.data.table,
      mediaBucket: this.data.mediaBucket,
      uploadsBucket: this.data.uploadsBucket,
      stateMachines: {},
      paymentParameters: {
        secretKey: names.stripeSecretKeyParameter,
        webhookSecret: names.stripeWebhookSecretParameter,
        appUrl: names.appUrlParameter,
      },
      engine: engineDeployment(props.engineSettings ?? {}, {
        openai: names.openaiApiKeyParameter,
        elevenlabs: names.elevenlabsApiKeyParameter,
      }),
    };
    const environment: Record<string, string> = {
      STAGE: props.stage,
      TABLE_NAME: this.data.table.tableName,
      [buckets.media.envVar]: this.data.mediaBucket.bucketName,
      [buckets.uploads.envVar]: this.data.uploadsBucket.bucketName,
      POWERTOOLS_SERVICE_NAME: 'bookstudio',
    };

    this.media = new MediaLayer(this, 'Media', {
      architecture: this.node.tryGetContext('mediaArchitecture') === 'arm64' ? 'arm64' : 'x86_64',
    });
    this.pipelines = new Pipelines(this, 'Pipelines', {
      resources,
      environment: { ...environment },
      machineName: names.stateMachine,
      media: this.media,
      workerConcurrency: props.workerConcurrency ?? 10,
    });
    resources.stateMachines = this.pipelines.stateMachines;
    for (const name of Object.keys(workflows) as WorkflowName[]) {
      environment[stateMachineArnVariable(name)] = this.pipelines.stateMachines[name]!.stateMachineArn;
    }

    this.auth = new Auth(this, 'Auth', {
      resources,
      environment: { ...environment },
      appUrlParameterName: names.appUrlParameter,
      poolName: names.userPool,
      threatProtection: props.threatProtection ?? true,
    });
    resources.userPool = this.auth.userPool;
    environment.USER_POOL_ID = this.auth.userPool.userPoolId;
    environment.USER_POOL_CLIENT_ID = this.auth.client.userPoolClientId;

    this.mediaSigning = new MediaSigning(this, 'MediaSigning', {
      publicKeyPem: props.mediaSigningPublicKeyPem,
      parameterName: names.mediaSigningKeyParameter,
    });
    this.api = new Api(this, 'Api', {
      resources,
      environment: { ...environment, ...this.mediaSigning.environment },
      userPool: this.auth.userPool,
      client: this.auth.client,
      domain: props.apiDomain,
      media: this.media,
    });
    for (const fn of this.api.functions.values()) this.mediaSigning.grantSign(fn);
    this.web = new WebHosting(this, 'Web', {
      httpApi: this.api.httpApi,
      logsBucket: this.data.logsBucket,
      mediaBucket: this.data.mediaBucket,
      uploadsBucket: this.data.uploadsBucket,
      appUrlParameterName: names.appUrlParameter,
      mediaSigning: this.mediaSigning,
      webAclArn: props.webAclArn,
      apiDomainName: props.apiDomain?.name,
    });

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl });
    new CfnOutput(this, 'ApiEndpoint', {
      value: props.apiDomain ? `https://${props.apiDomain.name}` : this.api.httpApi.apiEndpoint,
    });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
  }
}
