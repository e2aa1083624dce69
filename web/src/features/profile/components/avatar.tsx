import { useState } from 'react';

export function Avatar({
  name,
  url,
  size = 'h-16 w-16 text-2xl',
}: {
  name: string;
  url: string | null;
  size?: string;
}) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  if (url && !failed) {
    return (
      <img src={url} alt="" className={`${size} rounded-full object-cover`} onError={() => setFailed(true)} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex items-center justify-center rounded-full bg-brand-600 font-semibold text-white`}
    >
      {initials || '?'}
    </span>
  );
}
