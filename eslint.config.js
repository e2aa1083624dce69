import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * Boundaries of the code that runs in Lambda (functions/):
 * - nothing imports the local runtime (infra/) or the SPA (web/);
 * - only the adapters in functions/lib/ and the engine's cloud providers import the AWS SDK, so
 *   domain code depends on ports and runs against any adapter;
 * - domains depend on each other in one direction only (DOMAIN_DEPENDENCIES), never in a cycle;
 *   what they share goes through lib/, jobs/ (the job system) and events/ (user activity).
 */
const DOMAIN_DEPENDENCIES = {
  auth: ['users'],
  users: [],
  books: ['subscriptions'],
  learning: ['books', 'subscriptions'],
  plots: ['books'],
  scripts: ['books', 'plots'],
  images: ['books', 'plots', 'scripts'],
  audio: ['books', 'plots', 'scripts'],
  video: ['books', 'plots', 'scripts', 'images', 'audio', 'subscriptions'],
  creator: ['books', 'scripts', 'video', 'subscriptions'],
  merge: ['subscriptions'],
  system: [],
  subscriptions: [],
  payments: ['books', 'subscriptions'],
  analytics: ['books'],
};
const SHARED = ['lib', 'jobs', 'events', 'engine', 'contracts'];
/** Every folder under functions/ that is not shared is a domain, and must say what it depends on. */
const DOMAINS = readdirSync(`${import.meta.dirname}/functions`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED.includes(entry.name))
  .map((entry) => entry.name);
for (const domain of DOMAINS) {
  if (!DOMAIN_DEPENDENCIES[domain]) {
    throw new Error(
      `functions/${domain}/ is a new domain: add it to DOMAIN_DEPENDENCIES in eslint.config.js with the domains it may import.`,
    );
  }
}
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
/** Imports climbing out of the current folder into one of `folders` (siblings under functions/). */
const notFrom = (folders, why) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message: why,
});
/** Imports climbing exactly `depth` folders up (out of a shared folder) into one of `folders`. */
const notFromAtDepth = (folders, depth, why) => ({
  regex: `^(\\.\\./){${depth}}(${folders.join('|')})(/|$)`,
  message: why,
});
/**
 * A domain's records are read through its read port (`reads.ts`, on its service), never through
 * its repository: the repository modules of other domains are not imported, and no code reaches
 * for a `.repository` other than its own domain's context (`deps.repository`) or the shared job
 * system's (`jobs.repository`).
 */
const notRepositoryOf = (domains) => ({
  regex: `^(\\.\\./)+(${domains.join('|')})/repository$`,
  message: "Read another domain's records through its read port (its reads.ts), not its repository.",
});
const NO_FOREIGN_REPOSITORY = {
  selector:
    "MemberExpression[property.name='repository']:not([object.name='deps']):not([object.property.name='jobs']):not([object.name='jobs'])",
  message: "Read another domain's records through its read port (its reads.ts), not its repository.",
};
/** How deep the shared folders nest (engine/audio/local/music/score.ts is 4). */
const MAX_SHARED_DEPTH = 6;

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
        ...(DOMAIN_DEPENDENCIES[domain].length ? [notRepositoryOf(DOMAIN_DEPENDENCIES[domain])] : []),
      ]),
    });
  }
  // By depth: a shared folder may have a subfolder named like a domain (engine/audio and the audio
  // domain), so only an import that climbs exactly out of functions/<shared>/ names a domain.
  for (const shared of ['jobs', 'events', 'engine', 'contracts']) {
    for (let depth = 1; depth <= MAX_SHARED_DEPTH; depth++) {
      configs.push({
        files: [`functions/${shared}/${Array(depth).fill('*').join('/')}.ts`],
        rules: rule([
          runtimeOnly,
          noAwsSdk,
          notFromAtDepth(DOMAINS, depth, `${shared}/ is shared by the domains and imports none of them.`),
        ]),
      });
    }
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

// The SPA must not reach into server code other than the shared contracts.
const serverCode = {
  group: ['**/functions/*', '!**/functions/contracts'],
  message: 'Import shared shapes from @contracts only.',
};

const features = readdirSync(`${import.meta.dirname}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Features do not import each other: what several features use lives in components/ (UI) or lib/
 * (data and hooks), and a page made of several features' parts is composed in app/. Inside a
 * feature, relative imports go up one folder at most (`../api/books`); anything further away is
 * imported by alias, where this rule sees which feature it belongs to.
 */
const featureBoundaries = features.flatMap((feature) => {
  const otherFeature = {
    regex: `^@/features/(?!${feature}/)`,
    message: `${feature} may not import another feature: move what is shared into components/ or lib/, or compose the page in app/.`,
  };
  const climbs = (levels) => ({
    regex: `^(\\.\\./){${levels},}`,
    message: 'Import from beyond the parent folder by @/ alias, so the feature boundaries can be checked.',
  });
  const app = {
    regex: '^@/app(/|$)',
    message: 'app/ composes the features: a feature does not import it.',
  };
  const rule = (patterns) => ({
    'no-restricted-imports': ['error', { patterns: [serverCode, otherFeature, app, ...patterns] }],
  });
  return [
    { files: [`web/src/features/${feature}/**/*.{ts,tsx}`], rules: rule([climbs(2)]) },
    // Files at the feature's root have no parent folder inside the feature.
    { files: [`web/src/features/${feature}/*.{ts,tsx}`], rules: rule([climbs(1)]) },
  ];
});

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
      'no-restricted-imports': ['error', { patterns: [serverCode] }],
    },
  },
  ...featureBoundaries,
  {
    // Shared code is below the features and the app that composes them.
    files: ['web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverCode,
            {
              regex: '^@/(features|app)(/|$)',
              message: 'Shared code (components/, lib/, config/) does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  ...functionRules(),
  {
    // A function a reader can hold in mind: none over 150 lines, but for the route and workflow
    // tables, which are one declaration each.
    files: ['functions/**/*.ts'],
    ignores: ['functions/routes.ts', 'functions/workflows.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150 }],
      'no-restricted-syntax': ['error', NO_FOREIGN_REPOSITORY],
    },
  },
  {
    // A stage is a function of the ports it is given: the process's instances are wired in the
    // domain's jobs/deps.ts, never reached for inside a stage.
    files: ['functions/*/jobs/*.stages.ts', 'functions/video/pipeline/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^(getJobs|getEngine|getAdapters|getUserActivity)$/]',
          message: "A stage takes its ports as dependencies: wire them in the domain's jobs/deps.ts.",
        },
        {
          selector: 'ImportDeclaration[source.value=/\\/instance$/]',
          message: "A stage takes its ports as dependencies: wire them in the domain's jobs/deps.ts.",
        },
        NO_FOREIGN_REPOSITORY,
      ],
    },
  },
);
