import { BOOK_UPLOAD_PRICE, SUBSCRIPTION_TIERS, USAGE_WARNING_PERCENT } from '@contracts/subscriptions';
import { SUPPORT_EMAIL } from '@/config/support';
import { formatPrice, videoLimitLabel } from '@/lib/subscription-rules';

const free = SUBSCRIPTION_TIERS.free;

/** The questions people ask before paying, answered from the tiers' own numbers. */
const questions: { q: string; a: string }[] = [
  {
    q: 'What does the free plan include?',
    a: `${free.book_upload_limit} books uploaded and ${videoLimitLabel(free.monthly_video_limit)} per month, in ${free.video_quality} with a watermark.`,
  },
  {
    q: 'Can I upload more books without upgrading?',
    a: `Yes: on the free plan each further book costs ${formatPrice(BOOK_UPLOAD_PRICE)}, paid once when you upload it. Paid plans upload without limit.`,
  },
  {
    q: 'What happens when I reach my monthly video limit?',
    a: `The usage bar turns yellow at ${USAGE_WARNING_PERCENT} % and red at 100 %. At the limit new videos wait until next month or until you upgrade; your existing videos stay available.`,
  },
  {
    q: 'When does my usage reset?',
    a: 'On the first day of each calendar month (UTC).',
  },
  {
    q: 'How do upgrades and downgrades work?',
    a: 'Upgrades take effect immediately. Downgrades take effect at the start of your next billing cycle.',
  },
  {
    q: 'Can I cancel anytime?',
    a: 'Yes. You keep your plan until the end of the billing period you paid for, and you can reactivate before then.',
  },
  {
    q: 'How is the annual price worked out?',
    a: 'Twelve months at the monthly price, less 20 %, rounded to whole dollars.',
  },
];

export function Faq() {
  return (
    <section aria-labelledby="faq-heading" className="space-y-3">
      <h2 id="faq-heading" className="text-2xl font-semibold">
        Frequently asked questions
      </h2>
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {questions.map(({ q, a }) => (
          <details key={q} className="group px-5 py-4">
            <summary className="cursor-pointer list-none font-medium marker:hidden focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500">
              <span className="flex items-center justify-between gap-4">
                {q}
                <span aria-hidden="true" className="text-slate-400 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{a}</p>
          </details>
        ))}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Still have a question?{' '}
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="font-medium text-brand-700 underline hover:no-underline dark:text-brand-100"
        >
          Contact Support
        </a>
      </p>
    </section>
  );
}
