const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function AudioIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg className={className} {...common}>
      <path d="M3 14v-2a9 9 0 0 1 18 0v2" />
      <rect x="3" y="14" width="4" height="7" rx="1" />
      <rect x="17" y="14" width="4" height="7" rx="1" />
    </svg>
  );
}

export function VideoIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg className={className} {...common}>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="m16 10 6-3v10l-6-3z" />
    </svg>
  );
}

export function CheckIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg className={className} {...common}>
      <path d="M5 12.5 10 17l9-10" />
    </svg>
  );
}

export function CrossIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg className={className} {...common}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
