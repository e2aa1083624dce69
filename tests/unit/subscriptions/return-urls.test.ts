import { describe, expect, it } from 'vitest';
import { appOriginsOf, appPageOr, isAppPage, originOf } from '../../../functions/lib/return-urls';

/** Where a payment may send the browser back: only to a page of the app. */
describe('return URLs of payments', () => {
  const origins = appOriginsOf('https://app.example.com/', ['http://localhost:5173', 'not a url']);

  it("knows the app's origins: its URL's and the others it is served from", () => {
    expect(origins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(originOf('javascript:alert(1)')).toBeNull();
  });

  it('takes a page on exactly one of those origins', () => {
    expect(isAppPage('https://app.example.com/dashboard?payment=success', origins)).toBe(true);
    expect(isAppPage('http://localhost:5173/subscription', origins)).toBe(true);
  });

  it('refuses other sites, look-alike hosts, other ports and schemes, and user-info tricks', () => {
    for (const url of [
      'https://evil.example/cancel',
      'https://app.example.com.evil.example/ok',
      'https://app.example.com@evil.example/ok',
      'http://app.example.com/dashboard',
      'https://app.example.com:8443/dashboard',
      'http://localhost:5174/',
      '//evil.example/',
      'javascript:alert(1)',
      '',
    ])
      expect(isAppPage(url, origins), url).toBe(false);
  });

  it("falls back to the app's own page rather than follow one off the app", () => {
    expect(appPageOr('https://evil.example/ok', origins, 'https://app.example.com/dashboard')).toBe(
      'https://app.example.com/dashboard',
    );
    expect(appPageOr('https://app.example.com/a', origins, 'https://app.example.com/b')).toBe(
      'https://app.example.com/a',
    );
  });
});
