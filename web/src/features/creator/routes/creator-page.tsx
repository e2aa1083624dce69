import { PROMPT_KINDS } from '@contracts/validation';
import { useAuth } from '@/lib/auth/use-auth';
import { usePrompts } from '@/lib/data/prompts';
import { AuthorGate } from '@/components/auth/author-gate';
import { useCreations, useCreatorCapabilities } from '../api/creations';
import { PromptBox } from '../components/prompt-box';

function CreatorWorkspace() {
  const { user } = useAuth();
  const isAuthor = user?.role === 'author';
  const { data, mutate } = usePrompts(isAuthor);
  const { data: capabilities } = useCreatorCapabilities(isAuthor);
  const { data: creations, mutate: refreshCreations } = useCreations(isAuthor);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Creator Mode</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Describe a book, a script or a video (or paste a short text to film). Your prompts are kept as drafts.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        {PROMPT_KINDS.map((kind) => (
          <PromptBox
            key={kind}
            kind={kind}
            saved={(data ?? []).filter((p) => p.kind === kind)}
            latest={(creations ?? []).find((c) => c.kind === kind)}
            capabilities={capabilities}
            onChange={() => Promise.all([mutate(), refreshCreations()])}
          />
        ))}
      </div>
    </div>
  );
}

export default function CreatorPage() {
  return (
    <AuthorGate>
      <CreatorWorkspace />
    </AuthorGate>
  );
}
