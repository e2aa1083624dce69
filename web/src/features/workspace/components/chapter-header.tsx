import type { Chapter } from '@contracts/books';
import type { Script } from '@contracts/scripts';
import { useState } from 'react';
import { useChapterScripts } from '../api/scripts';
import { useScriptSelection } from '../api/use-script-selection';
import { preview } from '../model/characters';

/** Characters of the selected script's description shown in the chapter header before Show More. */
export const SCRIPT_DESCRIPTION_PREVIEW_CHARS = 500;

/** What the script is about: its logline, then what its scenes show. */
export const scriptDescription = (script: Script) =>
  [script.logline, ...script.scene_descriptions.map((s) => s.visual_description)]
    .filter((part) => part?.trim())
    .join(' ');

/** The selected chapter, and the selected script's description under it. */
export function ChapterHeader({ chapter }: { chapter: Chapter }) {
  const [selection] = useScriptSelection();
  const { data: scripts } = useChapterScripts(chapter.id);
  const [expanded, setExpanded] = useState(false);
  const script = scripts?.find((s) => s.id === selection.scriptId);
  const description = script ? scriptDescription(script) : '';
  const shown = preview(description, SCRIPT_DESCRIPTION_PREVIEW_CHARS);
  return (
    <div className="text-sm text-slate-600 dark:text-slate-400">
      <p>
        {/^chapter\b/i.test(chapter.title) ? '' : `Chapter ${chapter.chapter_number}: `}
        <span className="font-medium text-slate-800 dark:text-slate-200">{chapter.title}</span>
        {script && <span> · {script.script_name}</span>}
      </p>
      {description && (
        <p className="mt-1 max-w-4xl">
          {expanded ? description : shown.text}{' '}
          {shown.cut && (
            <button
              type="button"
              aria-expanded={expanded}
              onClick={() => setExpanded((v) => !v)}
              className="font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              {expanded ? 'Show Less' : 'Show More'}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
