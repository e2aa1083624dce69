import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Boundaries of the code that runs in Lambda (functions/):
 * - nothing imports the local runtime (infra/) or the SPA (web/);
 * - only the adapters in functions/lib/ and the engine's cloud providers import the AWS SDK, so
 *   domain code depends on ports and runs against any adapter;
 * - domains depend on each other in one direction only (DOMAIN_DEPENDENCIES), never in a cycle;
 *   what they share goes through lib/, jobs/ (the job system) and events/ (user activity).
 */
const DOMAINS = ['auth', 'users', 'books', 'learning', 'creator', 'system'];
const DOMAIN_DEPENDENCIES = {
  auth: ['users'],
  users: [],
  books: [],
  learning: ['books'],
  creator: [],
  system: [],
};
const SHARED = ['lib', 'jobs', 'events', 'engine', 'contracts'];
const ENGINE_CLOUD_PROVIDERS = [
  'functions/engine/**/bedrock*.ts',
  'functions/engine/**/bedrock/**/*.ts',
  'functions/engine/**/polly*.ts',
  'functions/engine/**/polly/**/*.ts',
];

const runtimeOnly = {
  group: ['**/infra/*', '**/web/*'],
  message: 'functions/ runs in Lambda: no imports from infra/ or web/.',
};
const noAwsSdk = {
  group: ['@aws-sdk/*'],
  message:
    'Only the adapters in functions/lib/ (and the engine cloud providers) use the AWS SDK: depend on a port.',
};
const notFrom = (folders, why) => ({
  group: folders.flatMap((folder) => [`**/${folder}/*`, `**/${folder}`]),
  message: why,
});

function functionRules() {
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const configs = [{ files: ['functions/**/*.ts'], rules: rule([runtimeOnly, noAwsSdk]) }];
  for (const domain of DOMAINS) {
    const forbidden = DOMAINS.filter((d) => d !== domain && !DOMAIN_DEPENDENCIES[domain].includes(d));
    configs.push({
      files: [`functions/${domain}/**/*.ts`],
      rules: rule([
        runtimeOnly,
        noAwsSdk,
        notFrom(
          forbidden,
          `${domain} may depend on ${DOMAIN_DEPENDENCIES[domain].join(', ') || 'no other domain'} (and ${SHARED.join(', ')}).`,
        ),
      ]),
    });
  }
  for (const shared of ['jobs', 'events', 'engine', 'contracts']) {
    configs.push({
      files: [`functions/${shared}/**/*.ts`],
      rules: rule([
        runtimeOnly,
        noAwsSdk,
        notFrom(DOMAINS, `${shared}/ is shared by the domains and imports none of them.`),
      ]),
    });
  }
  configs.push({
    files: ['functions/lib/**/*.ts'],
    rules: rule([
      runtimeOnly,
      notFrom([...DOMAINS, 'jobs', 'events'], 'lib/ is the bottom layer: it imports no domain.'),
    ]),
  });
  configs.push({
    files: ENGINE_CLOUD_PROVIDERS,
    rules: rule([runtimeOnly, notFrom(DOMAINS, 'The engine imports no domain.')]),
  });
  return configs;
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      'cdk.out',
      '.data',
      'coverage',
      'test-results',
      'layers/ffmpeg/build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The SPA must not reach into server code other than the shared contracts.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/functions/*', '!**/functions/contracts'],
              message: 'Import shared shapes from @contracts only.',
            },
          ],
        },
      ],
    },
  },
  ...functionRules(),
);
