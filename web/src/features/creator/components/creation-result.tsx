import type { Creation, CreatorFilm, CreatorScript } from '@contracts/creator';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { downloadFountain } from '../api/creations';

/** A screenplay as the page shows it: scene headings, action and dialogue, with its export. */
function ScriptView({ script }: { script: CreatorScript }) {
  return (
    <article aria-label="Generated script" className="space-y-3">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{script.title}</h3>
        <Button size="sm" variant="secondary" onClick={() => downloadFountain(script.title, script.fountain)}>
          Export Fountain
        </Button>
      </div>
      <p className="text-xs text-slate-500" data-testid="script-method">
        {script.notice}
      </p>
      <div className="max-h-96 space-y-4 overflow-y-auto rounded-lg bg-slate-50 p-3 font-mono text-xs dark:bg-slate-800/60">
        {script.scenes.map((scene) => (
          <section key={scene.scene_number} className="space-y-2">
            <h4 className="font-bold">{scene.heading}</h4>
            {scene.elements.map((element, i) =>
              element.kind === 'action' ? (
                <p key={i}>{element.text}</p>
              ) : (
                <p key={i} className="pl-8">
                  <span className="block font-semibold uppercase">{element.character}</span>
                  {element.line}
                </p>
              ),
            )}
          </section>
        ))}
      </div>
    </article>
  );
}

const lengthOf = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** A short film as the page shows it: played with its subtitles, downloadable, with its book. */
function FilmView({ film, creation }: { film: CreatorFilm; creation: Creation }) {
  if (!film.video_url) return null;
  return (
    <article aria-label="Generated video" className="space-y-3">
      <video
        controls
        preload="metadata"
        src={film.video_url}
        className="max-h-[28rem] w-full rounded-lg bg-black"
        data-testid="creator-film"
      >
        {film.subtitles_url && (
          <track kind="subtitles" src={film.subtitles_url} srcLang="en" label="English" default />
        )}
      </video>
      <p className="text-xs text-slate-500">
        {film.aspect_ratio}
        {film.width && film.height ? ` · ${film.width}×${film.height}` : ''}
        {film.duration ? ` · ${lengthOf(film.duration)}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          href={film.video_url}
          download
        >
          Download video
        </a>
        {film.subtitles_url && (
          <a
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            href={film.subtitles_url}
            download
          >
            Download subtitles
          </a>
        )}
      </div>
      {creation.book_id && (
        <p className="text-xs text-slate-500">
          Made from your book <strong>{creation.book_title}</strong>: open it from your{' '}
          <Link className="text-brand-600 hover:underline" to={paths.dashboard}>
            dashboard
          </Link>{' '}
          to edit the script or film it again.
        </p>
      )}
    </article>
  );
}

/** The latest generation of a box: its progress while it runs, then what it made or why it failed. */
export function CreationResult({ creation, lost }: { creation: Creation; lost: string | null }) {
  if (creation.status === 'processing')
    return (
      <div className="space-y-2" aria-live="polite">
        <ProgressBar value={creation.progress} label={`${creation.kind} progress`} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {creation.step} ({Math.round(creation.progress)}%)
        </p>
        {lost && <p className="text-sm text-amber-700 dark:text-amber-300">{lost}</p>}
      </div>
    );
  if (creation.status === 'failed')
    return (
      <p role="alert" className="text-sm text-red-600">
        {creation.error_message ?? 'Generation failed. Please try again.'}
      </p>
    );
  if (creation.script) return <ScriptView script={creation.script} />;
  if (creation.video) return <FilmView film={creation.video} creation={creation} />;
  if (creation.book_id)
    return (
      <p className="text-sm">
        Your book <strong>{creation.book_title}</strong> is saved and being prepared like any upload.{' '}
        <Link className="text-brand-600 hover:underline" to={paths.dashboard}>
          Review its chapters from your dashboard
        </Link>
        .
      </p>
    );
  return null;
}
