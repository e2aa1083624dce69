import type { UserMe } from '@contracts/api';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireUser } from '@/components/auth/require-user';
import { useUserStats } from '@/features/profile/api/users';
import { StatsGrid } from '@/features/profile/components/stats-grid';
import { useBooks } from '@/features/books/api/books';
import { BookList } from '@/features/books/components/book-list';

const tiles = [
  {
    to: paths.learn,
    title: 'Learning Mode',
    text: 'Lessons, narration and quizzes',
    tone: 'from-blue-500 to-blue-600',
  },
  {
    to: paths.explore,
    title: 'Entertainment',
    text: 'Stories, scripts and videos',
    tone: 'from-purple-500 to-purple-600',
  },
  {
    to: paths.upload,
    title: 'Upload Book',
    text: 'PDF, DOCX, EPUB, TXT or text',
    tone: 'from-emerald-500 to-emerald-600',
  },
  {
    to: paths.profile,
    title: 'My Profile',
    text: 'Stats, badges and activity',
    tone: 'from-amber-500 to-amber-600',
  },
];

function Dashboard({ user }: { user: UserMe }) {
  const { data: stats } = useUserStats();
  const { data: books, error, mutate: mutateBooks } = useBooks();

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <section className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Welcome back, {user.display_name}!</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Pick up where you left off, or start something new.
          </p>
        </div>
        <div className="flex gap-2">
          <ButtonLink to={paths.creator}>Creator Mode</ButtonLink>
          <ButtonLink to={paths.editProfile} variant="secondary">
            Edit Profile
          </ButtonLink>
        </div>
      </section>

      <nav aria-label="Shortcuts" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map((tile) => (
          <Link
            key={tile.to}
            to={tile.to}
            className={`rounded-2xl bg-gradient-to-br ${tile.tone} p-5 text-white shadow-sm transition hover:shadow-lg`}
          >
            <p className="text-lg font-semibold">{tile.title}</p>
            <p className="mt-1 text-sm text-white/85">{tile.text}</p>
          </Link>
        ))}
      </nav>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Your books</h2>
            <ButtonLink to={paths.upload} size="sm">
              Upload Book
            </ButtonLink>
          </div>
          {books && books.length > 0 && (
            <p
              role="note"
              className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-900/30 dark:text-amber-200"
            >
              Additional uploads require payment: the free plan includes 2 books.
            </p>
          )}
          {user.role !== 'author' && (
            <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">
              Books uploaded with an explorer account are personal study copies: they are not published as
              your work. Sign up as an author to publish and own your content.
            </p>
          )}
          {error ? (
            <p className="text-sm text-red-600">{error.message}</p>
          ) : books ? (
            <BookList books={books} onChange={() => mutateBooks()} />
          ) : (
            <PageLoading label="Loading your books..." />
          )}
        </Card>
        <Card className="p-6">
          <h2 className="mb-4 text-lg font-semibold">Your stats</h2>
          <StatsGrid stats={stats} compact />
        </Card>
      </div>
    </div>
  );
}

export default function DashboardPage() {
  return (
    <RequireUser message="Sign in to see your dashboard, your books and your progress.">
      {(user) => <Dashboard user={user} />}
    </RequireUser>
  );
}
