import { CONTROLS_HIDE_MS } from '@contracts/video';
import { useEffect, useRef, useState } from 'react';
import { stepVolume } from '@/features/workspace/model/video';

const formatTime = (seconds: number) => {
  const s = Number.isFinite(seconds) ? Math.floor(seconds) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A video with the studio's own controls: play/pause, volume down/up in 0.1 steps, mute and the
 * time, in a bar under the picture that fades 3 s after the pointer last moved while playing. When the video
 * cannot load it says 'Video Failed to Load' and shows the still image instead. A film's subtitles
 * (WebVTT) are a track shown from the start; the player's captions menu can hide them.
 */
export function VideoPlayer({
  src,
  poster,
  label,
  fallbackImage,
  subtitles,
}: {
  src: string | null;
  poster?: string | null;
  label: string;
  fallbackImage?: string | null;
  subtitles?: string | null;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [playing, setPlaying] = useState(false);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [controls, setControls] = useState(true);
  const failed = src !== null && failedSrc === src;

  const showControls = () => {
    setControls(true);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
  };
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );
  useEffect(() => {
    if (video.current) video.current.volume = volume;
  }, [volume]);

  if (!src || failed) {
    const image = fallbackImage ?? poster;
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        {image && <img src={image} alt={label} className="h-full w-full object-contain" />}
        <p
          role={failed ? 'alert' : undefined}
          className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-2 text-center text-sm text-white"
        >
          {failed ? 'Video Failed to Load' : 'No video for this scene yet'}
        </p>
      </div>
    );
  }

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  };
  const changeVolume = (by: 1 | -1) => setVolume((v) => stepVolume(v, by));

  return (
    // The controls sit under the picture, never over it: a film's watermark (free plan) is in its
    // bottom corner, where an overlaid bar would hide it.
    <div
      className="group w-full overflow-hidden rounded-xl bg-black"
      onMouseMove={showControls}
      onFocus={showControls}
    >
      <div className="relative aspect-video w-full">
        <video
          ref={video}
          key={src}
          src={src}
          poster={poster ?? undefined}
          aria-label={label}
          playsInline
          muted={muted}
          preload="metadata"
          className="h-full w-full object-contain"
          onClick={toggle}
          onPlay={() => {
            setPlaying(true);
            showControls();
          }}
          onPause={() => {
            setPlaying(false);
            setControls(true);
          }}
          onTimeUpdate={(e) =>
            setTime({ current: e.currentTarget.currentTime, duration: e.currentTarget.duration || 0 })
          }
          onLoadedMetadata={(e) => setTime({ current: 0, duration: e.currentTarget.duration || 0 })}
          onError={() => setFailedSrc(src)}
        >
          {subtitles && <track kind="subtitles" src={subtitles} srcLang="en" label="English" default />}
        </video>
      </div>
      <div
        data-testid="player-controls"
        data-visible={controls || !playing}
        className={`flex flex-wrap items-center gap-2 bg-slate-900 px-3 py-2 text-white transition-opacity ${
          controls || !playing ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
      >
        <button
          type="button"
          onClick={toggle}
          className="rounded px-2 py-1 text-sm font-medium hover:bg-white/20"
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <span className="text-xs tabular-nums">
          {formatTime(time.current)} / {formatTime(time.duration)}
        </span>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            aria-label="Volume down"
            onClick={() => changeVolume(-1)}
            className="rounded px-2 py-1 hover:bg-white/20"
          >
            −
          </button>
          <span className="w-10 text-center text-xs tabular-nums" aria-label="Volume">
            {Math.round(volume * 100)}%
          </span>
          <button
            type="button"
            aria-label="Volume up"
            onClick={() => changeVolume(1)}
            className="rounded px-2 py-1 hover:bg-white/20"
          >
            +
          </button>
          <button
            type="button"
            aria-pressed={muted}
            onClick={() => setMuted((m) => !m)}
            className="rounded px-2 py-1 text-xs hover:bg-white/20"
          >
            {muted ? 'Unmute' : 'Mute'}
          </button>
        </div>
      </div>
    </div>
  );
}
