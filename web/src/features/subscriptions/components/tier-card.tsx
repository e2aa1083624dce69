import type { BillingPeriod, SubscriptionTier, Tier } from '@contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { annualSaving, tierButton, tierPriceLabel, videoLimitLabel } from '@/lib/subscription-rules';
import { Check } from 'lucide-react';

const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A tier's card: price for the period, what it includes and the button that chooses it. */
export function TierCard({
  tier,
  period,
  current,
  busy,
  onChoose,
}: {
  tier: SubscriptionTier;
  period: BillingPeriod;
  current: Tier | null;
  busy: boolean;
  onChoose: (tier: SubscriptionTier) => void;
}) {
  const button = tierButton(tier, current);
  const isCurrent = button.kind === 'current';
  const saving = period === 'annual' ? annualSaving(tier) : null;
  const headingId = `tier-${tier.tier}`;
  const features: [string, string][] = [
    ['Videos a month', videoLimitLabel(tier.monthly_video_limit)],
    ['Quality', `${tier.video_quality}${tier.has_watermark ? ' with watermark' : ''}`],
    ['Longest video', minutes(tier.max_video_duration)],
    ['Book uploads', tier.book_upload_limit < 0 ? 'Unlimited' : String(tier.book_upload_limit)],
    ['Export formats', tier.features.export_formats.map((f) => f.toUpperCase()).join(', ')],
    ['Custom voices', yesNo(tier.features.custom_voices)],
    ['Priority processing', yesNo(tier.priority_processing)],
    ['API access', yesNo(tier.features.api_access)],
    ['Team collaboration', yesNo(tier.features.team_collaboration)],
    ['Support', tier.features.support_level[0]!.toUpperCase() + tier.features.support_level.slice(1)],
  ];
  return (
    <Card
      className={`flex flex-col p-6 ${isCurrent ? 'ring-2 ring-brand-600' : ''}`}
      aria-labelledby={headingId}
      role="group"
      data-tier={tier.tier}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl font-semibold">
          {tier.display_name}
        </h3>
        {isCurrent && <Badge tone="brand">Your plan</Badge>}
        {!tier.available && <Badge tone="slate">Coming soon</Badge>}
      </div>
      <p className="mt-3 text-3xl font-bold" data-testid={`price-${tier.tier}`}>
        {tierPriceLabel(tier, period)}
      </p>
      {saving && <p className="text-sm font-medium text-green-700 dark:text-green-400">{saving}</p>}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{tier.description}</p>
      <ul className="mt-4 space-y-1 text-sm">
        {tier.highlights.map((line) => (
          <li key={line} className="flex gap-2">
            <Check
              aria-hidden="true"
              className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400"
            />
            {line}
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-slate-200 pt-4 text-xs dark:border-slate-800">
        {features.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
            <dd className="text-right text-slate-800 dark:text-slate-200">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto pt-6">
        <Button
          className="w-full"
          variant={button.kind === 'choose' ? 'primary' : 'secondary'}
          disabled={button.disabled}
          busy={busy}
          aria-describedby={headingId}
          onClick={() => onChoose(tier)}
        >
          {button.label}
        </Button>
      </div>
    </Card>
  );
}
