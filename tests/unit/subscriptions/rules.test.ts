import { describe, expect, it } from 'vitest';
import {
  annualPrice,
  periodEnd,
  periodKey,
  SUBSCRIPTION_TIERS,
  usageBar,
} from '../../../functions/contracts/subscriptions';
import {
  checkoutRequest,
  bookUploadCheckoutRequest,
} from '../../../functions/contracts/subscription-requests';
import { createJobs } from '../../../functions/jobs';
import { learningContentJob } from '../../../functions/learning/jobs/content.kind';
import { createUsageMeter } from '../../../functions/lib/usage-meter';
import type { PaymentEvent } from '../../../functions/lib/payments/port';
import { tierFilm } from '../../../functions/video/jobs/plan';
import {
  addPeriod,
  createSubscriptionsService,
  effectiveSubscription,
  freeSubscription,
} from '../../../functions/subscriptions/service';
import { memoryAdapters } from '../../support/memory';

describe('tiers and prices', () => {
  it('annual price is 12 × monthly less 20 %, rounded', () => {
    expect(annualPrice(9.99)).toBe(96);
    expect(annualPrice(29.99)).toBe(288);
    expect(annualPrice(0)).toBe(0);
    expect(SUBSCRIPTION_TIERS.basic.annual_price).toBe(96);
  });

  it('free is 2 books and 2 videos a month at 480p with a watermark; pro is unlimited', () => {
    expect(SUBSCRIPTION_TIERS.free).toMatchObject({
      monthly_video_limit: 2,
      book_upload_limit: 2,
      video_quality: '480p',
      has_watermark: true,
    });
    expect(SUBSCRIPTION_TIERS.pro.monthly_video_limit).toBe(-1);
    for (const tier of Object.values(SUBSCRIPTION_TIERS))
      expect(Object.keys(tier.features).sort()).toEqual(
        [
          'api_access',
          'custom_voices',
          'export_formats',
          'max_file_size_mb',
          'support_level',
          'team_collaboration',
        ].sort(),
      );
  });
});

describe('the usage bar', () => {
  it('is within limits under 80 %, approaching from 80 %, reached at 100 %, unlimited at -1', () => {
    expect(usageBar(0, 2)).toMatchObject({ level: 'within', label: 'Within limits', colour: 'green' });
    expect(usageBar(15, 20)).toMatchObject({ percent: 75, level: 'within' });
    expect(usageBar(16, 20)).toMatchObject({
      percent: 80,
      level: 'approaching',
      label: 'Approaching limit',
      colour: 'yellow',
    });
    expect(usageBar(2, 2)).toMatchObject({
      percent: 100,
      level: 'reached',
      label: 'Limit reached',
      colour: 'red',
    });
    expect(usageBar(5, 2).percent).toBe(100);
    expect(usageBar(500, -1)).toMatchObject({ level: 'unlimited', percent: 0 });
  });
});

describe('periods', () => {
  it('are UTC months: a boundary is midnight UTC on the 1st', () => {
    expect(periodKey(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(periodKey(new Date('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
    expect(periodKey(new Date('2026-12-31T23:00:00-05:00'))).toBe('2027-01');
    expect(periodEnd('2026-12').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(addPeriod(new Date('2026-01-15T00:00:00Z'), 'annual').toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });
});

describe('requests', () => {
  it('checkout defaults to monthly and refuses unknown tiers and non-http URLs', () => {
    expect(
      checkoutRequest.parse({ tier: 'basic', success_url: 'https://a.b/ok', cancel_url: 'http://a.b/no' })
        .billing_period,
    ).toBe('monthly');
    expect(
      checkoutRequest.safeParse({ tier: 'gold', success_url: 'https://a/', cancel_url: 'https://a/' })
        .success,
    ).toBe(false);
    expect(
      checkoutRequest.safeParse({
        tier: 'basic',
        success_url: 'javascript:alert(1)',
        cancel_url: 'https://a/',
      }).success,
    ).toBe(false);
    const bad = bookUploadCheckoutRequest.safeParse({ book_id: 'undefined' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Invalid book id');
  });
});

describe('the free tier film', () => {
  it('is 854×480 with the BookStudio watermark; paid tiers film as asked', () => {
    const film = { width: 1920, height: 1080, fps: 30, export: null };
    expect(tierFilm(film, { width: 854, height: 480, watermark: 'BookStudio' })).toMatchObject({
      width: 854,
      height: 480,
      export: { watermark: { text: 'BookStudio', position: 'bottom-right' } },
    });
    expect(
      tierFilm(
        { width: 1080, height: 1920, fps: 30, export: null },
        { width: 854, height: 480, watermark: 'BookStudio' },
      ),
    ).toMatchObject({ width: 480, height: 854 });
    expect(tierFilm(film, null)).toBe(film);
  });
});

function setup(at: string) {
  const adapters = memoryAdapters();
  let now = new Date(at);
  const clock = { now: () => now };
  const meter = createUsageMeter(adapters.table, clock);
  const service = createSubscriptionsService({
    table: adapters.table,
    clock,
    meter,
    payments: () => Promise.reject(new Error('offline')),
    appOrigins: async () => ['https://app.example.com'],
  });
  return { adapters, service, meter, setNow: (iso: string) => (now = new Date(iso)), clock };
}

describe('metering', () => {
  it('refuses the third video of a month with 402 and starts again on the 1st (UTC)', async () => {
    const { service, setNow } = setup('2026-03-31T23:50:00Z');
    await service.reserveVideo('u1');
    await service.reserveVideo('u1');
    await expect(service.reserveVideo('u1')).rejects.toMatchObject({
      statusCode: 402,
      message: "You've reached your monthly video limit. Upgrade to continue generating videos.",
    });
    expect(await service.usage('u1')).toMatchObject({
      period: '2026-03',
      current_period_videos: 2,
      can_generate_video: false,
    });
    setNow('2026-04-01T00:00:00Z');
    expect(await service.usage('u1')).toMatchObject({
      period: '2026-04',
      current_period_videos: 0,
      remaining_videos: 2,
      period_end: '2026-05-01T00:00:00.000Z',
    });
    expect((await service.reserveVideo('u1')).period).toBe('2026-04');
  });

  it('a job that ends without its film gives its unit back once; one that made it keeps it', async () => {
    const { adapters, service, meter, clock } = setup('2026-05-10T10:00:00Z');
    const jobs = createJobs({ ...adapters, clock, work: adapters.storage.uploads, meter });
    const kind = learningContentJob;
    const a = await service.reserveVideo('u1');
    const failing = await jobs.start(kind, {
      owner: 'u1',
      target: {},
      options: { content_type: 'chapter_video' as const },
      usage: { period: a.period },
    });
    const b = await service.reserveVideo('u1');
    const making = await jobs.start(kind, {
      owner: 'u1',
      target: {},
      options: { content_type: 'chapter_video' as const },
      usage: { period: b.period },
    });
    expect(await meter.used('u1')).toBe(2);
    await jobs.fail(kind, failing.id, { Error: 'Boom', Cause: 'x' } as never);
    await jobs.fail(kind, failing.id, { Error: 'Boom', Cause: 'x' } as never);
    await jobs.cancel((await jobs.get(failing.id))!);
    expect(await meter.used('u1')).toBe(1);
    await jobs.finish(making.id);
    expect((await jobs.get(making.id))?.usage).toMatchObject({ state: 'kept' });
    expect(await meter.used('u1')).toBe(1);
  });
});

describe('subscription events and the plan in force', () => {
  const completed = (userId: string, id: string, tier = 'basic'): PaymentEvent => ({
    id,
    type: 'checkout.session.completed',
    created: Date.parse('2026-05-10T10:00:00Z') / 1000,
    data: {
      object: {
        id: 'cs_1',
        subscription: 'sub_1',
        customer: 'cus_1',
        payment_status: 'paid',
        metadata: { kind: 'subscription', user_id: userId, tier, billing_period: 'monthly' },
      },
    },
  });

  it('checkout completed sets tier, status and period; updated and deleted follow Stripe; invoice failures mark past due', async () => {
    const { service } = setup('2026-05-10T10:00:00Z');
    await service.applyEvent(completed('u1', 'evt_1'), 'stripe');
    expect(await service.current('u1')).toMatchObject({
      tier: 'basic',
      status: 'active',
      current_period_end: '2026-06-10T10:00:00.000Z',
      monthly_video_limit: 20,
    });
    await service.applyEvent(
      {
        id: 'evt_2',
        type: 'customer.subscription.updated',
        created: 0,
        data: {
          object: {
            id: 'sub_1',
            status: 'active',
            cancel_at_period_end: true,
            items: { data: [{ current_period_end: Date.parse('2026-06-12T00:00:00Z') / 1000 }] },
          },
        },
      },
      'stripe',
    );
    expect(await service.current('u1')).toMatchObject({
      cancel_at_period_end: true,
      current_period_end: '2026-06-12T00:00:00.000Z',
    });
    await service.applyEvent(
      {
        id: 'evt_3',
        type: 'invoice.payment_failed',
        created: 0,
        data: { object: { subscription: 'sub_1' } },
      },
      'stripe',
    );
    expect((await service.current('u1')).status).toBe('past_due');
    await service.applyEvent(
      {
        id: 'evt_4',
        type: 'customer.subscription.deleted',
        created: 0,
        data: { object: { id: 'sub_1', metadata: { user_id: 'u1' } } },
      },
      'stripe',
    );
    expect(await service.current('u1')).toMatchObject({ tier: 'free', monthly_video_limit: 2 });
  });

  it('past the period end a cancelled plan is free, a scheduled downgrade applies, an offline plan renews', () => {
    const paid = {
      ...freeSubscription('u1', '2026-05-01T00:00:00Z'),
      tier: 'basic' as const,
      billing_period: 'monthly' as const,
      subscription_id: 'sub_local_1',
      current_period_start: '2026-05-01T00:00:00.000Z',
      current_period_end: '2026-06-01T00:00:00.000Z',
    };
    const after = new Date('2026-06-02T00:00:00Z');
    expect(effectiveSubscription({ ...paid, cancel_at_period_end: true }, 'u1', after).tier).toBe('free');
    expect(
      effectiveSubscription(
        { ...paid, tier: 'pro', scheduled_tier: 'basic', scheduled_change_at: paid.current_period_end },
        'u1',
        after,
      ).tier,
    ).toBe('basic');
    expect(effectiveSubscription(paid, 'u1', after)).toMatchObject({
      tier: 'basic',
      current_period_end: '2026-07-01T00:00:00.000Z',
    });
    expect(effectiveSubscription(paid, 'u1', new Date('2026-05-20T00:00:00Z')).current_period_end).toBe(
      '2026-06-01T00:00:00.000Z',
    );
  });
});
