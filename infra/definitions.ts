import { MIN_PASSWORD_LENGTH } from '../functions/contracts/validation';

/**
 * Resource definitions shared by the CDK stacks and the local runtime, so the tables, buckets and
 * user pool created on one machine are the ones deployed to AWS.
 */
export const APP_NAME = 'bookstudio';

export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
}

export const appTable = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }] as IndexDefinition[],
};

export interface CorsRule {
  allowedMethods: ('GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE')[];
  allowedOrigins: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
  maxAgeSeconds: number;
}

/** Browsers upload to presigned URLs and stream media with range requests. */
export const bucketCors: CorsRule[] = [
  {
    allowedMethods: ['GET', 'HEAD', 'PUT', 'POST'],
    allowedOrigins: ['*'],
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag', 'Content-Length', 'Content-Range', 'Accept-Ranges'],
    maxAgeSeconds: 3000,
  },
];

export const buckets = {
  media: { envVar: 'MEDIA_BUCKET' },
  uploads: { envVar: 'UPLOADS_BUCKET' },
} as const;

export type BucketName = keyof typeof buckets;

export const userPool = {
  /**
   * What Cognito itself enforces of the password policy (functions/contracts/password-policy.ts);
   * the common-password check runs in the API and the forms.
   */
  passwordPolicy: {
    minLength: MIN_PASSWORD_LENGTH,
    requireLowercase: true,
    requireUppercase: true,
    requireDigits: true,
    requireSymbols: false,
  },
  /** `custom:role` holds author or explorer; the profile in DynamoDB is what the API trusts. */
  customAttributes: { role: { minLen: 1, maxLen: 16, mutable: true } },
  groups: [{ name: 'admin', description: 'Administrators: publish books to the curated catalogue' }],
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
  authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
};

export function resourceNames(stage: string) {
  const prefix = `${APP_NAME}-${stage}`;
  return {
    table: `${prefix}-app`,
    mediaBucket: `${prefix}-media`,
    uploadsBucket: `${prefix}-uploads`,
    userPool: `${prefix}-users`,
    userPoolClient: `${prefix}-web`,
    appUrlParameter: `/${APP_NAME}/${stage}/app-url`,
    stateMachine: (name: string) => `${prefix}-${name}`,
  };
}
