import type { Script } from '@contracts/scripts';
import { Badge } from '@/components/ui/card';
import { preview } from '@/features/workspace/model/characters';
import {
  SCRIPT_STATUS_LABELS,
  SCRIPT_STATUS_TONES,
  SCRIPT_STYLE_LABELS,
} from '@/features/workspace/model/labels';

/** Characters of the script text a card shows. */
export const SCRIPT_CARD_PREVIEW_CHARS = 200;

/** The script from its first page on: the Fountain title page says nothing the card does not. */
const body = (fountain: string) => fountain.replace(/^Title:[\s\S]*?\n\s*\n/, '').trimStart();

export function ScriptStatusChip({ status }: { status: Script['status'] }) {
  return <Badge tone={SCRIPT_STATUS_TONES[status]}>{SCRIPT_STATUS_LABELS[status]}</Badge>;
}

export function ScriptCard({
  script,
  selected,
  onSelect,
}: {
  script: Script;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={`w-full rounded-xl border p-4 text-left transition-colors ${
          selected
            ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/30 dark:bg-brand-600/10'
            : 'border-slate-200 bg-white hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700'
        }`}
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold">{script.script_name}</span>
          <ScriptStatusChip status={script.status} />
        </span>
        <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
          {SCRIPT_STYLE_LABELS[script.script_style]} · {script.scenes.length} scenes ·{' '}
          {new Date(script.created_at).toLocaleString()}
        </span>
        <span className="mt-2 block whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">
          {preview(body(script.script), SCRIPT_CARD_PREVIEW_CHARS).text}
        </span>
      </button>
    </li>
  );
}
