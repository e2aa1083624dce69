import { z } from 'zod';
import { ConfigError } from './errors';

/**
 * Environment of every Lambda (and of the local runtime, which sets the same variables).
 * Parsed once on first use; each accessor fails fast naming the variable it needs, so a
 * function that does not use S3 does not need S3 settings.
 */
const schema = z.object({
  STAGE: z.string().default('local'),
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().optional(),
  MEDIA_BUCKET: z.string().optional(),
  UPLOADS_BUCKET: z.string().optional(),
  USER_POOL_ID: z.string().optional(),
  USER_POOL_CLIENT_ID: z.string().optional(),
  /** Where links in emails point. Locally the gateway URL; in the cloud read from SSM (see app-url.ts). */
  APP_URL: z.string().optional(),
  APP_URL_PARAMETER: z.string().optional(),
  /**
   * Other origins the app is served from, comma-separated (locally: the gateway's loopback aliases
   * and the Vite dev server). Payments return only to the app's URL and these.
   */
  APP_ORIGINS: z.string().optional(),
  /** Endpoint overrides: set by the local runtime, or by someone pointing at LocalStack. Unset on AWS. */
  DYNAMODB_ENDPOINT: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_PUBLIC_ENDPOINT: z.string().optional(),
  COGNITO_ENDPOINT: z.string().optional(),
  SFN_ENDPOINT: z.string().optional(),
  SSM_ENDPOINT: z.string().optional(),
  /**
   * How long an active job may stay quiet before its execution is checked (stale-job recovery).
   * Two minutes unless set; tests that restart the local runtime shorten it.
   */
  JOB_QUIET_SECONDS: z.coerce.number().positive().optional(),
  /**
   * Payments: Stripe's secret key and webhook signing secret, from the environment (locally) or
   * from SSM SecureString parameters named by the *_PARAMETER variables (on AWS). Without a key,
   * LOCAL_CHECKOUT=true (set by the local runtime) serves the offline checkout page instead.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_SECRET_KEY_PARAMETER: z.string().optional(),
  STRIPE_WEBHOOK_SECRET_PARAMETER: z.string().optional(),
  LOCAL_CHECKOUT: z.string().optional(),
});

type Env = z.infer<typeof schema>;
let parsed: Env | undefined;

function env(): Env {
  if (!parsed) {
    const result = schema.safeParse(process.env);
    if (!result.success) {
      throw new ConfigError(
        `Invalid environment: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`,
      );
    }
    parsed = result.data;
  }
  return parsed;
}

function required<K extends keyof Env>(name: K): NonNullable<Env[K]> {
  const value = env()[name];
  if (value === undefined || value === '') {
    throw new ConfigError(`Missing environment variable ${name}`);
  }
  return value as NonNullable<Env[K]>;
}

export const config = {
  get stage() {
    return env().STAGE;
  },
  get region() {
    return env().AWS_REGION;
  },
  get tableName() {
    return required('TABLE_NAME');
  },
  get mediaBucket() {
    return required('MEDIA_BUCKET');
  },
  get uploadsBucket() {
    return required('UPLOADS_BUCKET');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  /** Milliseconds, or undefined for the job system's default. */
  get jobQuietMs() {
    const seconds = env().JOB_QUIET_SECONDS;
    return seconds === undefined ? undefined : seconds * 1000;
  },
  get appUrl() {
    return env().APP_URL;
  },
  get appOrigins(): string[] {
    return (env().APP_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  },
  get appUrlParameter() {
    return env().APP_URL_PARAMETER;
  },
  get payments() {
    const e = env();
    return {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      secretKeyParameter: e.STRIPE_SECRET_KEY_PARAMETER,
      webhookSecretParameter: e.STRIPE_WEBHOOK_SECRET_PARAMETER,
      localCheckout: e.LOCAL_CHECKOUT === 'true' || e.LOCAL_CHECKOUT === '1',
    };
  },
  /** ARN of a state machine of functions/workflows.ts, from its variable (see `stateMachineArnVariable`). */
  stateMachineArn(machine: string): string {
    const name = stateMachineArnVariable(machine);
    const value = process.env[name];
    if (!value) throw new ConfigError(`Missing environment variable ${name}`);
    return value;
  },
  get endpoints() {
    const e = env();
    return {
      dynamodb: e.DYNAMODB_ENDPOINT,
      s3: e.S3_ENDPOINT,
      s3Public: e.S3_PUBLIC_ENDPOINT ?? e.S3_ENDPOINT,
      cognito: e.COGNITO_ENDPOINT,
      sfn: e.SFN_ENDPOINT,
      ssm: e.SSM_ENDPOINT,
    };
  },
};

/** `learningContent` → `LEARNING_CONTENT_STATE_MACHINE_ARN`: how functions learn a machine's ARN. */
export const stateMachineArnVariable = (machine: string) =>
  `${machine.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_STATE_MACHINE_ARN`;

/** Forget the parsed environment; the local runtime calls this after it sets the variables. */
export function resetConfig(): void {
  parsed = undefined;
}
