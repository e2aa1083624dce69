import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from '../../../web/src/config/paths';

describe('paths and the router patterns', () => {
  it('a book link matches the book route, with its id', () => {
    expect(matchPath(routePatterns.book, paths.book('b-1'))?.params.id).toBe('b-1');
    expect(matchPath(routePatterns.book, paths.bookChapter('b-1', 'c 2').split('?')[0]!)?.params.id).toBe(
      'b-1',
    );
    expect(matchPath(routePatterns.book, routePatterns.bookWithoutId)).toBeNull();
  });
  it('links with a query keep their route', () => {
    expect(paths.signInAs('a+b@example.com')).toBe('/auth?email=a%2Bb%40example.com');
    expect(paths.signUp('author')).toBe('/auth?mode=signup&role=author');
    expect(new URL(paths.editProfile, 'http://x').pathname).toBe(paths.profile);
  });
});
