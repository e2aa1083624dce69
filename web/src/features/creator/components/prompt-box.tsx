import type { CreatorPrompt } from '@contracts/api';
import { promptRequest, type Creation, type CreatorCapabilities } from '@contracts/creator';
import { firstError, MAX_PROMPT_LENGTH, type PromptKind } from '@contracts/validation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { errorText } from '@/lib/api-client';
import { useJobStatus } from '@/lib/use-job-status';
import {
  checkCreation,
  CREATION_SCHEDULE,
  creationPath,
  generateBook,
  generateScript,
  generateVideo,
} from '../api/creations';
import { deletePrompt } from '../api/prompts';
import { CreationResult } from './creation-result';
import { DEFAULT_VIDEO_CHOICES, VideoOptions, type VideoChoices } from './video-options';

const titles: Record<PromptKind, { title: string; placeholder: string }> = {
  book: {
    title: 'Book',
    placeholder: 'A cosy mystery set in a lighthouse, told through the keeper’s diary…',
  },
  script: {
    title: 'Script',
    placeholder: 'A three-scene screenplay where two rivals must share a lifeboat…',
  },
  video: {
    title: 'Video',
    placeholder: 'A story to film, or paste a short text: it is narrated, illustrated and subtitled…',
  },
};

/** What a generate action starts: a creation the box follows. */
const starters: Record<PromptKind, (prompt: string, choices: VideoChoices) => Promise<Creation>> = {
  script: (prompt) => generateScript(prompt),
  book: (prompt) => generateBook(prompt),
  video: (prompt, choices) => generateVideo({ prompt, ...choices }),
};

/** Why the action cannot run on this server, said before the user tries (a book needs a text model). */
function unavailable(kind: PromptKind, capabilities: CreatorCapabilities | undefined): string | null {
  if (kind === 'book' && capabilities && !capabilities.book.available) return capabilities.book.reason;
  return null;
}

function scriptHint(kind: PromptKind, capabilities: CreatorCapabilities | undefined): string | null {
  if (kind === 'video')
    return 'Your text becomes a book of one chapter (“Short film: …”) and its film, which counts toward your monthly videos.';
  if (kind !== 'script' || !capabilities) return null;
  return capabilities.script.mode === 'written'
    ? 'The text model writes the script from your prompt.'
    : 'No text model is set up: your prompt’s own sentences will be arranged into scenes.';
}

export function PromptBox({
  kind,
  saved,
  latest,
  capabilities,
  onChange,
}: {
  kind: PromptKind;
  saved: CreatorPrompt[];
  /** The newest creation of this kind, shown until another is started. */
  latest: Creation | undefined;
  capabilities: CreatorCapabilities | undefined;
  onChange: () => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<Creation | null>(null);
  const [lost, setLost] = useState<string | null>(null);
  const [choices, setChoices] = useState<VideoChoices>(DEFAULT_VIDEO_CHOICES);
  const { title, placeholder } = titles[kind];
  const start = starters[kind];
  const blocked = unavailable(kind, capabilities);
  const shown = started ?? latest ?? null;
  const following = shown?.status === 'processing' ? creationPath(shown.id) : null;

  const job = useJobStatus(following, checkCreation, CREATION_SCHEDULE, {
    onAnswer: (answer) => setStarted(answer),
    onEnd: (answer, followed) => {
      void onChange();
      if (!followed) return;
      if (answer.status === 'ready') toast.success(`${title} ready!`);
      else toast.error(answer.error_message ?? `${title} generation failed.`);
    },
    onCheckFailed: () => setLost('Could not check the progress; trying again…'),
    onLost: (error) => setLost(errorText(error)),
  });
  const creation = (job.data as Creation | undefined) ?? shown;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = firstError(promptRequest, { kind, prompt: text });
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    setLost(null);
    try {
      setStarted(await start(text, choices));
      toast.success(`${title} generation started. Your prompt is kept in your drafts.`);
      setText('');
      await onChange();
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

  const hint = blocked ?? scriptHint(kind, capabilities);
  return (
    <Card className="flex flex-col p-6" data-testid={`creator-${kind}`}>
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
        {kind === 'video' && <VideoOptions value={choices} onChange={setChoices} />}
        {hint && (
          <p className={`text-xs ${blocked ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500'}`}>
            {hint}
          </p>
        )}
        <Button
          type="submit"
          busy={busy}
          disabled={Boolean(blocked) || creation?.status === 'processing'}
          className="w-full"
        >
          {busy ? 'Starting...' : `Generate ${title}`}
        </Button>
      </form>
      {creation && (
        <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
          <CreationResult creation={creation} lost={lost} />
        </div>
      )}
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
