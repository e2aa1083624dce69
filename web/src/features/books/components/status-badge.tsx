import type { Book } from '@contracts/books';
import { Badge } from '@/components/ui/card';

const tones = {
  QUEUED: 'slate',
  PROCESSING: 'blue',
  GENERATING: 'purple',
  READY: 'green',
  FAILED: 'red',
} as const;

export function StatusBadge({ book }: { book: Pick<Book, 'status' | 'review_pending'> }) {
  if (book.status === 'READY' && book.review_pending) return <Badge tone="yellow">Needs review</Badge>;
  return <Badge tone={tones[book.status]}>{book.status}</Badge>;
}
