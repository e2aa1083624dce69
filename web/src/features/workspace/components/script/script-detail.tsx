import type { Script, ScriptStatus } from '@contracts/scripts';
import { MAX_SCRIPT_NAME_LENGTH, SCRIPT_STATUSES, spokenLines } from '@contracts/scripts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { preview } from '@/features/workspace/model/characters';
import {
  durationLabel,
  SCRIPT_STATUS_LABELS,
  SCRIPT_STYLE_LABELS,
  secondsLabel,
  storyTypeLabel,
} from '@/features/workspace/model/labels';
import { SubTabs } from '@/features/workspace/components/sub-tabs';
import { ScriptStatusChip } from './script-card';

/** Characters of the script text the detail view shows before Show More. */
export const SCRIPT_DETAIL_PREVIEW_CHARS = 1000;

const DETAIL_TABS = ['overview', 'acts', 'scenes', 'dialogue'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];
const DETAIL_LABELS: Record<DetailTab, string> = {
  overview: 'Overview',
  acts: 'Acts',
  scenes: 'Scenes',
  dialogue: 'Dialogue',
};

export const segmentOfScene = (sceneNumber: number) => `scene-${sceneNumber}`;

function Overview({ script }: { script: Script }) {
  const [expanded, setExpanded] = useState(false);
  const text = preview(script.script, SCRIPT_DETAIL_PREVIEW_CHARS);
  const facts: [string, string][] = [
    ['Style', SCRIPT_STYLE_LABELS[script.script_style]],
    ['Story type', storyTypeLabel(script.script_story_type)],
    ['Target duration', durationLabel(script.target_duration)],
    ['Estimated duration', script.scenes.length ? secondsLabel(script.estimated_duration) : durationLabel(5)],
    ['Scenes', String(script.scenes.length)],
    ['Focus areas', script.focus_areas.join(', ') || '—'],
  ];
  return (
    <div className="space-y-4">
      {script.logline && <p className="italic text-slate-700 dark:text-slate-300">{script.logline}</p>}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-sm">{value}</dd>
          </div>
        ))}
      </dl>
      {script.characters.length > 0 && (
        <div>
          <h4 className="text-sm font-medium">Characters</h4>
          <ul className="mt-1 flex flex-wrap gap-2">
            {script.characters.map((name) => (
              <li key={name}>
                <Badge>{name}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      {script.include_character_profiles && script.character_details.length > 0 && (
        <div>
          <h4 className="text-sm font-medium">Character profiles</h4>
          <ul className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            {script.character_details.map((c) => (
              <li key={c.name}>
                <span className="font-medium">{c.name}</span>
                {c.role && ` (${c.role})`}
                {c.personality && ` — ${c.personality}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h4 className="text-sm font-medium">Script</h4>
        <pre className="mt-1 max-w-full overflow-x-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800 dark:bg-slate-950 dark:text-slate-200">
          {expanded ? script.script : text.text}
        </pre>
        {text.cut && (
          <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'Show Less' : 'Show More'}
          </Button>
        )}
      </div>
    </div>
  );
}

function Acts({ script }: { script: Script }) {
  if (!script.acts.length) return <EmptyState title="This script has no acts" />;
  return (
    <ol className="space-y-3">
      {script.acts.map((act) => (
        <li key={act.act_number} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <h4 className="font-medium">
            Act {act.act_number}: {act.title}
          </h4>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {act.duration} min · {act.scenes} {act.scenes === 1 ? 'scene' : 'scenes'}
          </p>
          <p className="mt-1 text-sm">{act.description}</p>
        </li>
      ))}
    </ol>
  );
}

function Scenes({
  script,
  segmentId,
  onSelectSegment,
  onRedoScene,
}: {
  script: Script;
  segmentId: string | null;
  onSelectSegment: (id: string) => void;
  onRedoScene: (sceneNumber: number) => Promise<void>;
}) {
  const [redoing, setRedoing] = useState<number | null>(null);
  if (!script.scenes.length) return <EmptyState title="This script has no scenes" />;
  return (
    <ol className="space-y-3">
      {script.scenes.map((scene) => {
        const id = segmentOfScene(scene.scene_number);
        const current = id === segmentId;
        return (
          <li key={scene.scene_number}>
            <button
              type="button"
              aria-pressed={current}
              onClick={() => onSelectSegment(id)}
              className={`w-full rounded-lg border p-3 text-left ${
                current
                  ? 'border-brand-500 bg-brand-50 dark:bg-brand-600/10'
                  : 'border-slate-200 dark:border-slate-800'
              }`}
            >
              <span className="block font-medium">
                Scene {scene.scene_number}: {scene.heading}
              </span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {scene.location} · {scene.time_of_day} · {secondsLabel(scene.estimated_duration)}
              </span>
              <span className="mt-1 block text-sm">{scene.visual_description || scene.description}</span>
              {scene.key_actions.length > 0 && (
                <span className="mt-1 block text-xs">
                  <span className="font-medium">Key actions:</span> {scene.key_actions.join('; ')}
                </span>
              )}
              {scene.audio_requirements.length > 0 && (
                <span className="mt-1 block text-xs">
                  <span className="font-medium">Audio:</span> {scene.audio_requirements.join('; ')}
                </span>
              )}
              {scene.characters.length > 0 && (
                <span className="mt-1 block text-xs">
                  <span className="font-medium">Characters:</span> {scene.characters.join(', ')}
                </span>
              )}
            </button>
            <Button
              size="sm"
              variant="ghost"
              className="mt-1"
              busy={redoing === scene.scene_number}
              disabled={redoing !== null}
              onClick={async () => {
                setRedoing(scene.scene_number);
                try {
                  await onRedoScene(scene.scene_number);
                } finally {
                  setRedoing(null);
                }
              }}
            >
              Redo scene {scene.scene_number}
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

/** Each scene's voice-over and lines in the order the book tells them. */
function Dialogue({ script }: { script: Script }) {
  const spoken = script.scenes.filter((s) => s.dialogue.length || s.narration);
  if (!spoken.length) return <EmptyState title="This script has no dialogue" />;
  return (
    <div className="space-y-4">
      {spoken.map((scene) => (
        <section key={scene.scene_number} aria-label={`Scene ${scene.scene_number} dialogue`}>
          <h4 className="text-sm font-semibold">
            Scene {scene.scene_number}: {scene.heading}
          </h4>
          <ul className="mt-1 space-y-1 text-sm">
            {spokenLines(scene).map((line, i) =>
              line.kind === 'narration' ? (
                <li key={i} className="italic text-slate-700 dark:text-slate-300">
                  <span className="font-medium not-italic">Narrator:</span> {line.text}
                </li>
              ) : (
                <li key={i}>
                  <span className="font-medium uppercase">{line.character}</span>
                  {line.parenthetical && (
                    <span className="text-slate-500 dark:text-slate-400"> ({line.parenthetical})</span>
                  )}
                  : {line.text}
                </li>
              ),
            )}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The selected script: rename, status, export, delete, and its overview, acts, scenes and dialogue. */
export function ScriptDetail({
  script,
  segmentId,
  onSelectSegment,
  onRedoScene,
  onUpdate,
  onDelete,
  onExport,
}: {
  script: Script;
  segmentId: string | null;
  onSelectSegment: (id: string) => void;
  /** Another take of one scene; the others stay as they are. */
  onRedoScene: (sceneNumber: number) => Promise<void>;
  onUpdate: (patch: { script_name?: string; status?: ScriptStatus }) => Promise<boolean>;
  onDelete: () => void;
  onExport: (format: 'fountain' | 'pdf') => void;
}) {
  const [tab, setTab] = useState<DetailTab>('overview');
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(script.script_name);
  const [nameError, setNameError] = useState<string | null>(null);

  const rename = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError('Script name is required.');
    setNameError(null);
    if (await onUpdate({ script_name: name.trim() })) setRenaming(false);
  };

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        {renaming ? (
          <form onSubmit={rename} noValidate className="flex flex-wrap items-end gap-2">
            <TextField
              label="Script name"
              value={name}
              maxLength={MAX_SCRIPT_NAME_LENGTH}
              error={nameError}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" size="sm">
              Save name
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setRenaming(false);
                setName(script.script_name);
                setNameError(null);
              }}
            >
              Cancel
            </Button>
          </form>
        ) : (
          <div>
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              {script.script_name} <ScriptStatusChip status={script.status} />
            </h3>
            <Button size="sm" variant="ghost" className="-ml-3" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          </div>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label="Status"
            value={script.status}
            onChange={(e) => void onUpdate({ status: e.target.value as ScriptStatus })}
          >
            {SCRIPT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SCRIPT_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <Button size="sm" variant="secondary" onClick={() => onExport('fountain')}>
            Export Fountain
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onExport('pdf')}>
            Export PDF
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
      <div className="mt-4">
        <SubTabs
          label="Script details"
          tabs={DETAIL_TABS}
          labels={DETAIL_LABELS}
          active={tab}
          onChange={setTab}
        >
          {tab === 'overview' && <Overview script={script} />}
          {tab === 'acts' && <Acts script={script} />}
          {tab === 'scenes' && (
            <Scenes
              script={script}
              segmentId={segmentId}
              onSelectSegment={onSelectSegment}
              onRedoScene={onRedoScene}
            />
          )}
          {tab === 'dialogue' && <Dialogue script={script} />}
        </SubTabs>
      </div>
    </Card>
  );
}
