import type { UserMe } from '@contracts/api';
import { subscriptionMessages } from '@contracts/subscriptions';
import { useEffect, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RequireUser } from '@/components/auth/require-user';
import { StatsGrid } from '@/components/stats-grid';
import { paths } from '@/config/paths';
import { refreshSubscription } from '@/lib/data/subscriptions';
import { useUserStats } from '@/lib/data/users';
import { UsageCard } from '../components/usage-card';

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

/** The user's books, from the books feature (composed in app/routes). */
type BooksSlot = (user: UserMe) => ReactNode;

function Dashboard({ user, yourBooks }: { user: UserMe; yourBooks: BooksSlot }) {
  const { data: stats } = useUserStats();
  const [params, setParams] = useSearchParams();

  // Return from a subscription checkout.
  useEffect(() => {
    if (params.get('payment') !== 'success') return;
    toast.success(subscriptionMessages.upgraded);
    setParams({}, { replace: true });
    // The payment provider's confirmation may land a moment after the browser returns.
    void refreshSubscription();
    const timers = [2000, 6000].map((ms) => setTimeout(() => void refreshSubscription(), ms));
    return () => timers.forEach(clearTimeout);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the parameters the page was opened with
  }, []);

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

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">{yourBooks(user)}</Card>
        <div className="space-y-6">
          <UsageCard />
          <Card className="p-6">
            <h2 className="mb-4 text-lg font-semibold">Your stats</h2>
            <StatsGrid stats={stats} compact />
          </Card>
        </div>
      </div>
    </div>
  );
}

export function DashboardPage({ yourBooks }: { yourBooks: BooksSlot }) {
  return (
    <RequireUser message="Sign in to see your dashboard, your books and your progress.">
      {(user) => <Dashboard user={user} yourBooks={yourBooks} />}
    </RequireUser>
  );
}
