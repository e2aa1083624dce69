/**
 * What a function may touch and how it is sized: read by the CDK stack (least-privilege grants,
 * memory, timeouts, layers) and by the local runtime (the Lambda pool). Shared by the route table's
 * groups and the workflows' task workers.
 */
export interface ResourceAccess {
  table?: 'read' | 'readwrite';
  mediaBucket?: 'read' | 'readwrite';
  uploadsBucket?: 'read' | 'readwrite';
  /** Workflows (names in functions/workflows.ts) it may start, stop and describe. */
  startExecution?: readonly string[];
  /** Read a user and sign them out everywhere (AdminGetUser, AdminUserGlobalSignOut). */
  signOutUsers?: boolean;
  /** Read Stripe's secret key and webhook secret (SSM SecureString parameters). */
  paymentSecrets?: boolean;
  /** Read-only describe calls on every dependency, for the health check. */
  describeDependencies?: boolean;
  /**
   * Calls the engine's model providers as deployed (their keys in SSM, Bedrock models, Polly): the
   * workflow workers, and the API groups that list voices or check a provider's settings.
   */
  modelProviders?: boolean;
}

export interface FunctionSettings {
  /** Module, from the project root. */
  entry: string;
  memoryMb: number;
  timeoutSeconds: number;
  access: ResourceAccess;
  /** Lambda ephemeral storage for media work. */
  ephemeralStorageMb?: number;
  /** Runs FFmpeg: gets the FFmpeg layer and the layer's architecture. */
  media?: boolean;
  /** Packages esbuild cannot bundle (native or with data files): shipped as installed. */
  copiedPackages?: readonly string[];
}
