import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthorGate } from '@/components/auth/author-gate';
import { StatsGrid } from '@/components/stats-grid';
import { usePrompts } from '@/lib/data/prompts';
import { useActivity, useUserStats } from '@/lib/data/users';
import { MyBooks } from '../components/my-books';

/** The charts carry their library: loaded only when the Analytics tab is opened. */
const AnalyticsTab = lazy(() => import('../components/analytics-tab'));

const tabs = ['Overview', 'My Books', 'Analytics', 'Settings'] as const;
type Tab = (typeof tabs)[number];
const tabId = (name: Tab) => `author-tab-${name.toLowerCase().replace(' ', '-')}`;

function Overview() {
  const { data: stats } = useUserStats();
  const { data: activity } = useActivity();
  const { data: prompts } = usePrompts(true);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="p-6 lg:col-span-2">
        <h2 className="mb-4 text-lg font-semibold">Your numbers</h2>
        <StatsGrid stats={stats} compact />
      </Card>
      <Card className="p-6">
        <h2 className="mb-4 text-lg font-semibold">Latest activity</h2>
        {activity && activity.length > 0 ? (
          <ul className="space-y-2 text-sm">
            {activity.slice(0, 8).map((item) => (
              <li key={item.id} className="break-words">
                {item.title}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">Nothing yet.</p>
        )}
      </Card>
      <Card className="p-6 lg:col-span-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Creator Mode drafts</h2>
          <ButtonLink to={paths.creator} size="sm" variant="secondary">
            Open Creator Mode
          </ButtonLink>
        </div>
        {prompts && prompts.length > 0 ? (
          <ul className="mt-4 grid gap-3 md:grid-cols-2">
            {prompts.map((p) => (
              <li key={p.id} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
                <p className="text-xs font-medium uppercase text-slate-500">{p.kind}</p>
                <p className="mt-1 whitespace-pre-line break-words text-sm">{p.prompt}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
            Prompts you write in Creator Mode appear here.
          </p>
        )}
      </Card>
    </div>
  );
}

function Settings() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Profile</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Your display name, avatar and bio appear on your books.
      </p>
      <ButtonLink to={paths.editProfile} variant="secondary" className="mt-4">
        Edit Profile
      </ButtonLink>
    </Card>
  );
}

function AuthorPanel() {
  const [tab, setTab] = useState<Tab>('Overview');
  const [analyticsBook, setAnalyticsBook] = useState<string | null>(null);
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const select = (name: Tab) => {
    setTab(name);
    buttons.current[name]?.focus();
  };
  // Arrow keys, Home and End move between tabs (the tab list is one stop of the Tab key).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const next = {
      ArrowRight: tabs[(index + 1) % tabs.length],
      ArrowLeft: tabs[(index + tabs.length - 1) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    select(next);
  };
  const openAnalytics = (bookId: string) => {
    setAnalyticsBook(bookId);
    select('Analytics');
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Author Panel</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.upload}>Upload Book</ButtonLink>
          <ButtonLink to={paths.creator} variant="secondary">
            Creator Mode
          </ButtonLink>
        </div>
      </div>
      <div
        role="tablist"
        aria-label="Author panel"
        onKeyDown={onKeyDown}
        className="relative mt-6 flex gap-1 overflow-x-auto overflow-y-hidden shadow-[inset_0_-1px_0_var(--color-slate-200)] dark:shadow-[inset_0_-1px_0_var(--color-slate-800)]"
      >
        {tabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              buttons.current[name] = element;
            }}
            id={tabId(name)}
            role="tab"
            type="button"
            aria-selected={tab === name}
            aria-controls="author-tabpanel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium sm:px-4 ${
              tab === name
                ? 'border-brand-600 text-brand-700 dark:text-brand-100'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="author-tabpanel" aria-labelledby={tabId(tab)} tabIndex={0} className="mt-6">
        {tab === 'Overview' && <Overview />}
        {tab === 'My Books' && <MyBooks onAnalytics={openAnalytics} />}
        {tab === 'Analytics' && (
          <Suspense fallback={<PageLoading label="Loading analytics..." />}>
            <AnalyticsTab key={analyticsBook ?? 'all'} initialBookId={analyticsBook} />
          </Suspense>
        )}
        {tab === 'Settings' && <Settings />}
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
