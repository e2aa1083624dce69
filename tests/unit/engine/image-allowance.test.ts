import { describe, expect, it } from 'vitest';
import { imageAllowance, startImageAllowances } from '../../../functions/engine/image/request';

describe('the images one request may create', () => {
  it('refuses in words past the bound, and starts again with the next request of a warm process', () => {
    startImageAllowances();
    const count = imageAllowance(3);
    count();
    count();
    count();
    expect(count).toThrow('This request asks for more than 3 images, the most one request may create.');
    // The same engine (kept for the life of the process) serves the next request with its full bound.
    startImageAllowances();
    count();
    count();
    count();
    expect(count).toThrow(/more than 3 images/);
  });
});
