/**
 * Where a payment may send the browser back: only to a page of this app. Checkout and portal
 * return URLs come from the client; one on another site would make the app an open redirect (a
 * link to our checkout that lands on a look-alike page). Pure: the app's origins are given.
 */

/** The origin of an http(s) URL ("https://app.example.com"), or null for anything else. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Whether `url` is a page of the app: an http(s) URL on exactly one of the app's origins. */
export function isAppPage(url: string, appOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && appOrigins.some((allowed) => originOf(allowed) === origin);
}

/** `url` when it is a page of the app, else `fallback` (never a redirect off the app). */
export const appPageOr = (url: string, appOrigins: readonly string[], fallback: string) =>
  isAppPage(url, appOrigins) ? url : fallback;

/** The app's origins: the configured site URL's, and any others it is also served from. */
export function appOriginsOf(appUrl: string, others: readonly string[] = []): string[] {
  return [...new Set([appUrl, ...others].map(originOf).filter((o): o is string => o !== null))];
}
