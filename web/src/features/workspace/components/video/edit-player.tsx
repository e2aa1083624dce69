import { useEffect, useRef, useState } from 'react';
import { editCounter, shotDone, transitionText, type EditShot } from '@/features/workspace/model/video';

/** How often a held picture's clock ticks. */
const PICTURE_TICK_MS = 100;

/**
 * Play edit: the timeline played in its order, before anything is rendered again. Each scene shows
 * its rendered clip when it has one, else its picture held for the scene's length, and comes in
 * with its transition (a fade from black, white or the previous colour; a cut for none). The
 * counter and the transition are said as they change. Keyboard: Space or K plays and pauses, the
 * arrows go to the previous or next scene, Home goes back to the start.
 */
export function EditPlayer({ shots }: { shots: EditShot[] }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  /** Seconds the current picture has been held (a ref: the clock's ticks need no render). */
  const elapsed = useRef(0);
  /** The edit played to its end (Play starts it over). */
  const ended = useRef(false);
  const [failedClip, setFailedClip] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const at = Math.min(index, Math.max(0, shots.length - 1));
  const shot = shots[at];
  const clip = shot?.clip && shot.clip !== failedClip ? shot.clip : null;

  const go = (next: number) => {
    if (next >= shots.length) {
      ended.current = true;
      setPlaying(false);
      return;
    }
    ended.current = false;
    setIndex(Math.max(0, next));
    elapsed.current = 0;
  };

  // Each scene comes in with its transition: hidden, then faded in over the transition's length.
  const fade = shot && shot.transition.type !== 'none' ? shot.transition.duration : 0;
  useEffect(() => {
    const el = frame.current;
    if (!el || fade <= 0 || typeof el.animate !== 'function') return;
    const animation = el.animate([{ opacity: 0 }, { opacity: 1 }], {
      duration: fade * 1000,
      easing: 'linear',
    });
    return () => animation.cancel();
  }, [at, fade]);

  // A held picture runs on its own clock while playing, and moves the edit on at the scene's end.
  useEffect(() => {
    if (!playing || clip || !shot) return;
    const timer = setInterval(() => {
      elapsed.current += PICTURE_TICK_MS / 1000;
      if (!shotDone(shot, elapsed.current)) return;
      elapsed.current = 0;
      if (at + 1 >= shots.length) {
        ended.current = true;
        setPlaying(false);
      } else setIndex(at + 1);
    }, PICTURE_TICK_MS);
    return () => clearInterval(timer);
  }, [playing, clip, shot, at, shots.length]);

  // A clip plays while the edit plays.
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (playing) void el.play().catch(() => undefined);
    else el.pause();
  }, [playing, clip, at]);

  if (!shot) return <p className="text-sm text-slate-500 dark:text-slate-400">The timeline has no scenes.</p>;

  const toggle = () => {
    if (!playing && ended.current) {
      setIndex(0);
      elapsed.current = 0;
    }
    ended.current = false;
    setPlaying((p) => !p);
  };
  const backdrop = shot.transition.type === 'fadewhite' ? 'bg-white' : 'bg-black';

  return (
    <div
      role="region"
      aria-label="Play edit"
      tabIndex={0}
      className="space-y-2 rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      onKeyDown={(e) => {
        if (e.target instanceof HTMLButtonElement && (e.key === ' ' || e.key === 'Enter')) return;
        if (e.key === ' ' || e.key.toLowerCase() === 'k') toggle();
        else if (e.key === 'ArrowRight') go(at + 1);
        else if (e.key === 'ArrowLeft') go(at - 1);
        else if (e.key === 'Home') go(0);
        else return;
        e.preventDefault();
      }}
    >
      <div className={`relative aspect-video w-full overflow-hidden rounded-xl ${backdrop}`}>
        <div ref={frame} className="h-full w-full">
          {clip ? (
            <video
              ref={video}
              key={`${at}-${clip}`}
              src={clip}
              aria-label={`Scene ${shot.sceneNumber} clip`}
              playsInline
              preload="auto"
              className="h-full w-full object-contain"
              onTimeUpdate={(e) => {
                if (shotDone(shot, e.currentTarget.currentTime)) go(at + 1);
              }}
              onEnded={() => go(at + 1)}
              onError={() => setFailedClip(clip)}
            />
          ) : shot.image ? (
            <img
              src={shot.image}
              alt={`Scene ${shot.sceneNumber}`}
              className="h-full w-full object-contain"
            />
          ) : (
            <p className="flex h-full items-center justify-center text-sm text-slate-300">
              Scene {shot.sceneNumber}: no picture yet
            </p>
          )}
        </div>
        <p className="absolute left-2 top-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">
          {clip ? 'Rendered clip' : 'Picture'} · {shot.duration}s
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button
          type="button"
          onClick={() => go(at - 1)}
          disabled={at === 0}
          className="rounded px-2 py-1 hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
        >
          Previous scene
        </button>
        <button
          type="button"
          onClick={toggle}
          className="rounded bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700"
        >
          {playing ? 'Pause edit' : 'Play'}
        </button>
        <button
          type="button"
          onClick={() => go(at + 1)}
          disabled={at >= shots.length - 1}
          className="rounded px-2 py-1 hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
        >
          Next scene
        </button>
        <p aria-live="polite" className="ml-auto text-slate-700 dark:text-slate-300">
          <span data-testid="edit-counter" className="font-medium">
            {editCounter(at, shots)}
          </span>
          {' · '}
          <span data-testid="edit-transition">Transition: {transitionText(shot.transition)}</span>
        </p>
      </div>
    </div>
  );
}
