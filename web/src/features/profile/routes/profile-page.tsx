import type { Badge as BadgeModel, UserMe } from '@contracts/api';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ProgressBar } from '@/components/ui/card';
import { RequireUser } from '@/components/auth/require-user';
import { StatsGrid } from '@/components/stats-grid';
import { useAuth } from '@/lib/auth/use-auth';
import { useActivity, useBadges, userKeys, useUserStats } from '@/lib/data/users';
import { Avatar } from '../components/avatar';
import { EditProfileDialog } from '../components/edit-profile-dialog';

const rarityTone = {
  common: 'slate',
  uncommon: 'green',
  rare: 'blue',
  epic: 'purple',
  legendary: 'yellow',
} as const;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const relativeTime = (iso: string) => {
  const seconds = Math.round((Date.now() - new Date(iso).getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of units) if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
  return 'just now';
};

function BadgeCard({ badge }: { badge: BadgeModel }) {
  return (
    <li
      className={`rounded-xl border p-4 ${badge.earned ? 'border-brand-200 bg-brand-50/50 dark:border-brand-600/40 dark:bg-brand-600/10' : 'border-dashed border-slate-300 dark:border-slate-700'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">{badge.name}</p>
        <Badge tone={rarityTone[badge.rarity]}>{badge.rarity}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{badge.description}</p>
      <p className="mt-2 text-xs text-slate-500">
        {badge.earned && badge.earned_at
          ? `Earned ${formatDate(badge.earned_at)}`
          : `Locked · ${badge.progress.current}/${badge.progress.target}`}
      </p>
    </li>
  );
}

function Profile({ user }: { user: UserMe }) {
  const { reloadUser } = useAuth();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';
  const { data: stats } = useUserStats();
  const { data: activity } = useActivity();
  const { data: badges } = useBadges();
  const { mutate } = useSWRConfig();
  const [dialogKey, setDialogKey] = useState(0);

  const goals = (badges ?? []).filter((b) => !b.earned).slice(0, 3);
  const setEditing = (open: boolean) => {
    if (open) setDialogKey((k) => k + 1);
    setParams(open ? { edit: '1' } : {}, { replace: true });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <Avatar name={user.display_name} url={user.avatar_url} />
        <div className="flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold">{user.display_name}</h1>
            <Badge tone={user.role === 'author' ? 'purple' : 'blue'}>
              {user.role === 'author' ? 'Author' : 'Explorer'}
            </Badge>
          </div>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {user.email} · Member since {formatDate(user.created_at)}
          </p>
          {user.bio && <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{user.bio}</p>}
        </div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit Profile
        </Button>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <h2 className="mb-4 text-lg font-semibold">Stats</h2>
          <StatsGrid stats={stats} />
        </Card>
        <Card className="p-6">
          <h2 className="mb-4 text-lg font-semibold">Progress goals</h2>
          {goals.length === 0 ? (
            <p className="text-sm text-slate-500">
              {badges ? 'Every goal reached. Impressive!' : 'Loading...'}
            </p>
          ) : (
            <ul className="space-y-4">
              {goals.map((goal) => (
                <li key={goal.id}>
                  <div className="flex justify-between text-sm">
                    <span>{goal.description}</span>
                    <span className="text-slate-500">
                      {goal.progress.current}/{goal.progress.target}
                    </span>
                  </div>
                  <ProgressBar
                    className="mt-1"
                    value={(goal.progress.current / goal.progress.target) * 100}
                    label={goal.name}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6">
          <h2 className="mb-4 text-lg font-semibold">Recent activity</h2>
          {activity && activity.length === 0 && <EmptyState title="No activity yet" />}
          <ol className="space-y-3">
            {(activity ?? []).map((item) => (
              <li key={item.id} className="flex justify-between gap-3 text-sm">
                <span>{item.title}</span>
                <time dateTime={item.at} className="shrink-0 text-slate-500">
                  {relativeTime(item.at)}
                </time>
              </li>
            ))}
          </ol>
        </Card>
        <Card className="p-6 lg:col-span-2">
          <h2 className="mb-4 text-lg font-semibold">Achievement badges</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {(badges ?? []).map((badge) => (
              <BadgeCard key={badge.id} badge={badge} />
            ))}
          </ul>
        </Card>
      </div>

      <EditProfileDialog
        key={dialogKey}
        user={user}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => Promise.all([reloadUser(), mutate(userKeys.stats)])}
      />
    </div>
  );
}

export default function ProfilePage() {
  return (
    <RequireUser message="Sign in to see your profile, stats and badges.">
      {(user) => <Profile user={user} />}
    </RequireUser>
  );
}
