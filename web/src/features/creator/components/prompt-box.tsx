import type { CreatorPrompt } from '@contracts/api';
import { promptRequest } from '@contracts/creator';
import { firstError, MAX_PROMPT_LENGTH, type PromptKind } from '@contracts/validation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { errorText } from '@/lib/api-client';
import { createPrompt, deletePrompt } from '../api/prompts';

const titles: Record<PromptKind, { title: string; placeholder: string }> = {
  book: {
    title: 'Book',
    placeholder: 'A cosy mystery set in a lighthouse, told through the keeper’s diary…',
  },
  script: {
    title: 'Script',
    placeholder: 'A three-scene screenplay where two rivals must share a lifeboat…',
  },
  video: { title: 'Video', placeholder: 'A 60-second trailer for chapter one, moody and cinematic…' },
};

export function PromptBox({
  kind,
  saved,
  onChange,
}: {
  kind: PromptKind;
  saved: CreatorPrompt[];
  onChange: () => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { title, placeholder } = titles[kind];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = firstError(promptRequest, { kind, prompt: text });
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      await createPrompt(kind, text);
      setText('');
      await onChange();
      toast.success(`${title} prompt saved to your drafts!`);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await deletePrompt(id);
      await onChange();
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  return (
    <Card className="flex flex-col p-6">
      <form onSubmit={submit} noValidate className="space-y-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        <TextArea
          label={`Describe the ${kind}`}
          rows={5}
          maxLength={MAX_PROMPT_LENGTH}
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" busy={busy} className="w-full">
          {busy ? 'Saving...' : `Generate ${title}`}
        </Button>
      </form>
      <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
        <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">Drafts ({saved.length})</h3>
        {saved.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No {kind} prompts yet.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {saved.map((p) => (
              <li
                key={p.id}
                className="flex items-start justify-between gap-2 rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800/60"
              >
                <span className="line-clamp-3 whitespace-pre-line">{p.prompt}</span>
                <button
                  type="button"
                  className="shrink-0 text-xs text-red-600 hover:underline"
                  onClick={() => void remove(p.id)}
                  aria-label={`Delete ${kind} prompt`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
