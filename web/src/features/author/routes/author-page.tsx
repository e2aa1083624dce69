import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { AuthorGate } from '@/components/auth/author-gate';
import { StatsGrid } from '@/components/stats-grid';
import { usePrompts } from '@/lib/data/prompts';
import { useActivity, useUserStats } from '@/lib/data/users';

const tabs = ['Overview', 'Drafts', 'Settings'] as const;
type Tab = (typeof tabs)[number];

function AuthorPanel() {
  const [tab, setTab] = useState<Tab>('Overview');
  const { data: stats } = useUserStats();
  const { data: activity } = useActivity();
  const { data: prompts } = usePrompts(true);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Author Panel</h1>
        <div className="flex gap-2">
          <ButtonLink to={paths.upload}>Upload Book</ButtonLink>
          <ButtonLink to={paths.creator} variant="secondary">
            Creator Mode
          </ButtonLink>
        </div>
      </div>
      <div
        role="tablist"
        aria-label="Author panel"
        className="mt-6 flex gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {tabs.map((name) => (
          <button
            key={name}
            role="tab"
            type="button"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === name
                ? 'border-brand-600 text-brand-700 dark:text-brand-100'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400'
            }`}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-6">
        {tab === 'Overview' && (
          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="p-6 lg:col-span-2">
              <h2 className="mb-4 text-lg font-semibold">Your numbers</h2>
              <StatsGrid stats={stats} compact />
            </Card>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold">Latest activity</h2>
              <ul className="space-y-2 text-sm">
                {(activity ?? []).slice(0, 8).map((item) => (
                  <li key={item.id}>{item.title}</li>
                ))}
              </ul>
            </Card>
          </div>
        )}
        {tab === 'Drafts' &&
          (prompts && prompts.length > 0 ? (
            <ul className="grid gap-3 md:grid-cols-2">
              {prompts.map((p) => (
                <Card key={p.id} className="p-4">
                  <p className="text-xs font-medium uppercase text-slate-500">{p.kind}</p>
                  <p className="mt-1 whitespace-pre-line text-sm">{p.prompt}</p>
                </Card>
              ))}
            </ul>
          ) : (
            <EmptyState
              title="No drafts yet"
              action={<ButtonLink to={paths.creator}>Open Creator Mode</ButtonLink>}
            >
              Prompts you write in Creator Mode appear here.
            </EmptyState>
          ))}
        {tab === 'Settings' && (
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Profile</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Your display name, avatar and bio appear on your books.
            </p>
            <ButtonLink to={paths.editProfile} variant="secondary" className="mt-4">
              Edit Profile
            </ButtonLink>
          </Card>
        )}
      </div>
    </div>
  );
}

export default function AuthorPage() {
  return (
    <AuthorGate>
      <AuthorPanel />
    </AuthorGate>
  );
}
