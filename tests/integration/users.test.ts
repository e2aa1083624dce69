import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestRuntime, type TestRuntime } from './helpers';

let t: TestRuntime;
beforeAll(async () => {
  t = await startTestRuntime();
});
afterAll(async () => {
  await t?.stop();
});

describe('users', () => {
  it('start with zero stats, a welcome badge and a first activity entry', async () => {
    const user = await createUser(t, { display_name: 'New Reader' });
    const stats = await t.api('GET', '/users/me/stats', { token: user.accessToken });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      books_read: 0,
      books_uploaded: 0,
      total_time_hours: 0,
      badges_earned: 1,
      quizzes_taken: 0,
      average_quiz_score: 0,
    });
    const badges = await t.api<{ id: string; earned: boolean; earned_at: string | null }[]>(
      'GET',
      '/users/me/badges',
      {
        token: user.accessToken,
      },
    );
    expect(badges.body.filter((b) => b.earned).map((b) => b.id)).toEqual(['welcome']);
    expect(badges.body.find((b) => b.id === 'welcome')!.earned_at).toBeTruthy();
    const activity = await t.api<{ type: string }[]>('GET', '/users/me/activity', {
      token: user.accessToken,
    });
    expect(activity.body.map((a) => a.type)).toEqual(
      expect.arrayContaining(['account_created', 'badge_earned']),
    );
  });

  it('updates the profile with validation, and records it as activity', async () => {
    const user = await createUser(t);
    const updated = await t.api('PUT', '/users/me', {
      token: user.accessToken,
      body: { display_name: '  Grace  ', avatar_url: 'https://example.com/me.png', bio: 'Reads at night.' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      display_name: 'Grace',
      avatar_url: 'https://example.com/me.png',
      bio: 'Reads at night.',
    });
    expect((await t.api('GET', '/users/me', { token: user.accessToken })).body).toMatchObject({
      display_name: 'Grace',
    });

    const cleared = await t.api('PUT', '/users/me', {
      token: user.accessToken,
      body: { avatar_url: '', bio: null },
    });
    expect(cleared.body).toMatchObject({ display_name: 'Grace', avatar_url: null, bio: null });

    const cases: [Record<string, unknown>, string][] = [
      [{ display_name: '   ' }, 'Display name is required.'],
      [{ display_name: 'x'.repeat(51) }, 'Display name must be at most 50 characters.'],
      [
        { avatar_url: 'javascript:alert(1)' },
        'Avatar URL must be a web address starting with http:// or https://.',
      ],
      [{ bio: 'b'.repeat(501) }, 'Bio must be at most 500 characters.'],
      [{ role: 'author' }, 'The field role is not accepted here.'],
    ];
    for (const [body, detail] of cases) {
      const answer = await t.api('PUT', '/users/me', { token: user.accessToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail).toBe(detail);
    }
    // Nothing of the refused updates was saved.
    expect((await t.api('GET', '/users/me', { token: user.accessToken })).body).toMatchObject({
      display_name: 'Grace',
      role: 'explorer',
    });
    const activity = await t.api<{ type: string }[]>('GET', '/users/me/activity', {
      token: user.accessToken,
    });
    expect(activity.body.filter((a) => a.type === 'profile_updated')).toHaveLength(2);
  });

  it('keeps users apart', async () => {
    const a = await createUser(t, { display_name: 'A' });
    const b = await createUser(t, { display_name: 'B' });
    await t.api('PUT', '/users/me', { token: a.accessToken, body: { bio: 'only mine' } });
    expect((await t.api('GET', '/users/me', { token: b.accessToken })).body).toMatchObject({
      display_name: 'B',
      bio: null,
    });
  });
});
