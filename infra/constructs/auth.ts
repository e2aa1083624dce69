import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { userPool as definition } from '../definitions';
import { AppFunction, type AppResources } from './function';

/** The user pool (email sign-in, `custom:role`), its SPA client, groups and triggers. */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly triggers: AppFunction;

  constructor(
    scope: Construct,
    id: string,
    props: {
      resources: AppResources;
      environment: Record<string, string>;
      appUrlParameterName: string;
      poolName: string;
      threatProtection: boolean;
    },
  ) {
    super(scope, id);

    this.triggers = new AppFunction(this, 'Triggers', {
      entry: 'functions/auth/triggers.ts',
      memoryMb: 256,
      timeoutSeconds: 5,
      environment: { ...props.environment, APP_URL_PARAMETER: props.appUrlParameterName },
    });
    this.triggers.grantAccess({ startExecution: ['userOnboarding'] }, props.resources);
    // The app URL is published after the distribution exists; read by name to avoid a dependency cycle.
    this.triggers.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: props.appUrlParameterName.replace(/^\//, ''),
          }),
        ],
      }),
    );

    const policy = definition.passwordPolicy;
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: props.poolName,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      signInCaseSensitive: false,
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      customAttributes: {
        role: new cognito.StringAttribute({
          minLen: definition.customAttributes.role.minLen,
          maxLen: definition.customAttributes.role.maxLen,
          mutable: definition.customAttributes.role.mutable,
        }),
      },
      passwordPolicy: {
        minLength: policy.minLength,
        requireLowercase: policy.requireLowercase,
        requireUppercase: policy.requireUppercase,
        requireDigits: policy.requireDigits,
        requireSymbols: policy.requireSymbols,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Threat protection (compromised credentials, risky sign-ins blocked) needs the Plus plan;
      // `-c cognitoPlan=essentials` trades it for cost. Authenticator apps as an optional second factor.
      featurePlan: props.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(props.threatProtection
        ? { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION }
        : {}),
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      lambdaTriggers: { customMessage: this.triggers, postConfirmation: this.triggers },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.minutes(definition.accessTokenMinutes),
      idTokenValidity: Duration.minutes(definition.accessTokenMinutes),
      refreshTokenValidity: Duration.days(definition.refreshTokenDays),
      enableTokenRevocation: true,
    });

    for (const group of definition.groups) {
      new cognito.CfnUserPoolGroup(this, `Group-${group.name}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: group.name,
        description: group.description,
      });
    }
  }
}
