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

/**
 * Browsers upload to presigned URLs of the uploads bucket, from the app's origin only (set per
 * deployment: the CloudFront domain, or the local gateway). Media is read through the app's own
 * origin and needs no CORS.
 */
export const bucketCors: Omit<CorsRule, 'allowedOrigins'>[] = [
  {
    allowedMethods: ['GET', 'HEAD', 'PUT', 'POST'],
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag', 'Content-Length', 'Content-Range', 'Accept-Ranges'],
    maxAgeSeconds: 3000,
  },
];

export const buckets = {
  media: { envVar: 'MEDIA_BUCKET' },
  uploads: { envVar: 'UPLOADS_BUCKET' },
} as const;

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
    mediaSigningKeyParameter: `/${APP_NAME}/${stage}/media-signing-key`,
    /** SecureString parameters the operator creates (README, Subscriptions & payments). */
    stripeSecretKeyParameter: `/${APP_NAME}/${stage}/stripe-secret-key`,
    stripeWebhookSecretParameter: `/${APP_NAME}/${stage}/stripe-webhook-secret`,
    /** The model providers' keys, SecureStrings too (README, Using your own models). */
    openaiApiKeyParameter: `/${APP_NAME}/${stage}/openai-api-key`,
    elevenlabsApiKeyParameter: `/${APP_NAME}/${stage}/elevenlabs-api-key`,
    stateMachine: (name: string) => `${prefix}-${name}`,
  };
}

/**
 * Security headers of every answer, the same from CloudFront (a response headers policy) and from
 * the local gateway. Scripts come from the app's own origin only (no inline script, no eval);
 * styles allow inline `style` attributes, which React components set. `connect-src` adds the origin
 * the browser uploads to (the uploads bucket, or the local S3).
 */
export const securityHeaders = {
  contentSecurityPolicy: (uploadOrigins: string[]) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      // Profile pictures are links to any https image.
      "img-src 'self' data: blob: https:",
      "media-src 'self' blob:",
      "font-src 'self' data:",
      `connect-src ${["'self'", ...uploadOrigins].join(' ')}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  hstsMaxAgeSeconds: 2 * 365 * 24 * 3600,
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy:
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

/** The headers as the local gateway sends them. */
export function securityHeaderValues(uploadOrigins: string[]): Record<string, string> {
  return {
    'content-security-policy': securityHeaders.contentSecurityPolicy(uploadOrigins),
    'strict-transport-security': `max-age=${securityHeaders.hstsMaxAgeSeconds}; includeSubDomains`,
    'x-frame-options': securityHeaders.frameOptions,
    'x-content-type-options': 'nosniff',
    'referrer-policy': securityHeaders.referrerPolicy,
    'permissions-policy': securityHeaders.permissionsPolicy,
  };
}
