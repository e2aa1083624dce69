import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ButtonLink, Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const features = [
  {
    title: 'AI-Powered Learning',
    text: 'Interactive tutorials, personalized lessons and smart quizzes generated from the chapters you upload.',
    icon: 'M12 6v6l4 2M12 22a10 10 0 110-20 10 10 0 010 20z',
  },
  {
    title: 'Interactive Stories',
    text: 'Branching stories, character voices and scene-by-scene videos brought to life from your favourite books.',
    icon: 'M4 19.5A2.5 2.5 0 016.5 17H20M4 4.5A2.5 2.5 0 016.5 2H20v20H6.5A2.5 2.5 0 014 19.5z',
  },
  {
    title: 'Verified Credentials',
    text: 'Earn badges for finished books and passed quizzes, and keep a record of what you have learned.',
    icon: 'M9 12l2 2 4-4M12 2l7 4v6c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6z',
  },
  {
    title: 'Multi-Language Support',
    text: 'Learn and listen in the language of your book, with narration voices for many languages.',
    icon: 'M3 5h12M9 3v2m1.05 9.5A18 18 0 016.4 9M12.75 20l3.75-9 3.75 9M14 18h5',
  },
];

const testimonials = [
  {
    name: 'Maya R.',
    role: 'Biology student',
    quote: 'The chapter quizzes showed me exactly what I had missed. I finally enjoy revising.',
  },
  {
    name: 'Daniel K.',
    role: 'Novelist',
    quote: 'Seeing my characters on screen with their own voices changed how I write dialogue.',
  },
  {
    name: 'Priya S.',
    role: 'Teacher',
    quote: 'I turn reading lists into narrated lessons my class can follow at home.',
  },
];

function Stars() {
  return (
    <div className="flex gap-0.5 text-amber-400" role="img" aria-label="Rated 5 out of 5">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </div>
  );
}

const tile = 'rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900';

/** A titled section of the page with its tiles in a grid of `columns`. */
function TileSection({
  id,
  title,
  columns,
  children,
}: {
  id: string;
  title: string;
  columns: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16">
      <h2 id={id} className="text-center text-3xl font-bold">
        {title}
      </h2>
      <div className={`mt-10 grid gap-6 ${columns}`}>{children}</div>
    </section>
  );
}

export default function LandingPage() {
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-transparent px-4 py-16 sm:py-24 dark:from-brand-600/10">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            Turn books into{' '}
            <span className="text-brand-600 dark:text-brand-500">lessons, stories and films</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Upload a PDF, DOCX, EPUB or plain text. BookStudio splits it into chapters and turns them into
            narration, tutor videos, quizzes, screenplays, scene images and finished videos.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.signUp()} size="lg">
              Get started free
            </ButtonLink>
            <ButtonLink to={paths.auth} size="lg" variant="secondary">
              Sign In
            </ButtonLink>
          </div>
        </div>
      </section>

      <TileSection id="features" title="Everything a book can become" columns="sm:grid-cols-2 lg:grid-cols-4">
        {features.map((f) => (
          <div key={f.title} className={tile}>
            <svg
              viewBox="0 0 24 24"
              className="h-8 w-8 text-brand-600"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d={f.icon} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h3 className="mt-4 font-semibold">{f.title}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
          </div>
        ))}
      </TileSection>

      <section aria-labelledby="adventure" className="bg-white px-4 py-16 dark:bg-slate-900/50">
        <div className="mx-auto max-w-5xl">
          <h2 id="adventure" className="text-center text-3xl font-bold">
            Choose Your Adventure
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <Link
              to={paths.learn}
              className="group rounded-2xl border-2 border-blue-200 p-8 transition hover:border-blue-500 hover:shadow-lg dark:border-blue-900"
            >
              <h3 className="text-2xl font-semibold text-blue-700 dark:text-blue-300">Learning Mode</h3>
              <ul className="mt-4 space-y-2 text-slate-600 dark:text-slate-300">
                <li>Interactive tutorials</li>
                <li>Personalized lessons</li>
                <li>Smart quizzes</li>
                <li>Verified credentials</li>
                <li>Voice interaction</li>
              </ul>
              <span className="mt-6 inline-block font-medium text-blue-700 group-hover:underline dark:text-blue-300">
                Start learning →
              </span>
            </Link>
            <Link
              to={paths.explore}
              className="group rounded-2xl border-2 border-purple-200 p-8 transition hover:border-purple-500 hover:shadow-lg dark:border-purple-900"
            >
              <h3 className="text-2xl font-semibold text-purple-700 dark:text-purple-300">
                Entertainment Mode
              </h3>
              <ul className="mt-4 space-y-2 text-slate-600 dark:text-slate-300">
                <li>Branching stories</li>
                <li>AI character voices</li>
                <li>Collectible animated scenes</li>
                <li>Video scene generation</li>
              </ul>
              <span className="mt-6 inline-block font-medium text-purple-700 group-hover:underline dark:text-purple-300">
                Start exploring →
              </span>
            </Link>
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.learn} variant="secondary">
              For Learners
            </ButtonLink>
            <ButtonLink to={paths.explore} variant="secondary">
              For Explorers
            </ButtonLink>
          </div>
        </div>
      </section>

      <TileSection id="testimonials" title="Loved by readers and writers" columns="md:grid-cols-3">
        {testimonials.map((t) => (
          <figure key={t.name} className={tile}>
            <Stars />
            <blockquote className="mt-3 text-slate-700 dark:text-slate-300">“{t.quote}”</blockquote>
            <figcaption className="mt-4 text-sm">
              <span className="font-semibold">{t.name}</span>{' '}
              <span className="text-slate-500">· {t.role}</span>
            </figcaption>
          </figure>
        ))}
      </TileSection>

      <section className="px-4 pb-20">
        <div className="mx-auto max-w-4xl rounded-3xl bg-brand-600 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-bold">Ready to bring your books to life?</h2>
          <p className="mt-3 text-brand-100">Join as an explorer to learn, or as an author to create.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to={paths.signUp('explorer')}
              className="rounded-lg bg-white px-5 py-2.5 font-medium text-brand-700 hover:bg-brand-50"
            >
              Sign up as Explorer
            </Link>
            <Link
              to={paths.signUp('author')}
              className="rounded-lg border border-white px-5 py-2.5 font-medium hover:bg-brand-700"
            >
              Sign up as Author
            </Link>
            <Button
              variant="ghost"
              className="!text-white hover:!bg-brand-700"
              onClick={() => toast('Explore Stories feature coming soon!')}
            >
              Explore Stories
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
