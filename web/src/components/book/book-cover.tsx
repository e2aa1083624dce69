import type { Book } from '@contracts/books';

/** The uploaded cover, or a generated one: the title on a colour picked from the title. */
export function BookCover({
  book,
  className = 'h-20 w-14',
}: {
  book: Pick<Book, 'title' | 'cover_image_url' | 'book_type'>;
  className?: string;
}) {
  if (book.cover_image_url) {
    return (
      <img
        src={book.cover_image_url}
        alt=""
        className={`${className} shrink-0 rounded-md object-cover shadow-sm`}
        loading="lazy"
      />
    );
  }
  let hash = 0;
  for (const c of book.title) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return (
    <div
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center overflow-hidden rounded-md p-1 text-center text-[10px] font-semibold leading-tight text-white shadow-sm`}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 55% 45%), hsl(${(hue + 40) % 360} 60% 30%))` }}
    >
      <span className="line-clamp-4 hyphens-auto [overflow-wrap:anywhere]">{book.title}</span>
    </div>
  );
}
