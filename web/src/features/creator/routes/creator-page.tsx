import { PROMPT_KINDS } from '@contracts/validation';
import { useAuth } from '@/lib/auth/use-auth';
import { usePrompts } from '@/lib/data/prompts';
import { AuthorGate } from '@/components/auth/author-gate';
import { PromptBox } from '../components/prompt-box';

function CreatorWorkspace() {
  const { user } = useAuth();
  const { data, mutate } = usePrompts(user?.role === 'author');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Creator Mode</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Describe a book, a script or a video. Your prompts are kept as drafts.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        {PROMPT_KINDS.map((kind) => (
          <PromptBox
            key={kind}
            kind={kind}
            saved={(data ?? []).filter((p) => p.kind === kind)}
            onChange={() => mutate()}
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
