import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { fromWire, nativeOf, stripKeys } from '../../../functions/lib/aws/dynamo-table';
import { DynamoServiceError, isRetryable } from '../../../functions/lib/aws/dynamo-wire';

const book = {
  pk: 'BOOK#1',
  sk: 'BOOK',
  gsi1pk: 'OWNER#u',
  gsi1sk: 'BOOK#2026',
  id: 'b1',
  title: 'The Harbour Light',
  progress: 42.5,
  total_chapters: 3,
  review_pending: false,
  error_message: null,
  tags: ['sea', 'night', ''],
  source: { key: 'books/b1/source.txt', size: 1024, format: null, nested: { deep: [1, { x: 'y' }] } },
  empty_list: [],
  empty_map: {},
};

describe('DynamoDB JSON to application values', () => {
  it('reads back every value the SDK writes, without the key attributes', () => {
    const wire = marshall(book, { removeUndefinedValues: true, convertClassInstanceToMap: false });
    const { pk, sk, gsi1pk, gsi1sk, ...expected } = book;
    expect([pk, sk, gsi1pk, gsi1sk]).toHaveLength(4);
    expect(fromWire(wire)).toEqual(expected);
  });

  it('reads numbers as numbers, sets as sets and binary as bytes', () => {
    expect(nativeOf({ N: '-0.25' })).toBe(-0.25);
    expect(nativeOf({ SS: ['a', 'b'] })).toEqual(new Set(['a', 'b']));
    expect(nativeOf({ NS: ['1', '2'] })).toEqual(new Set([1, 2]));
    expect(nativeOf({ B: Buffer.from('hi').toString('base64') })).toEqual(Buffer.from('hi'));
    expect(nativeOf({ NULL: true })).toBeNull();
  });

  it('refuses a value with an unknown or missing type instead of guessing', () => {
    expect(() => nativeOf({ X: '1' })).toThrow('Unknown DynamoDB attribute type X');
    expect(() => nativeOf({})).toThrow('Empty DynamoDB attribute value');
  });

  it('strips the key attributes of an application item', () => {
    expect(stripKeys({ pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd', id: 'x' })).toEqual({ id: 'x' });
  });
});

describe('which DynamoDB failures are worth another attempt', () => {
  it('retries throttling, server errors and dropped connections', () => {
    expect(isRetryable(new DynamoServiceError('ThrottlingException', 'slow down', 400))).toBe(true);
    expect(isRetryable(new DynamoServiceError('ProvisionedThroughputExceededException', 'x', 400))).toBe(
      true,
    );
    expect(isRetryable(new DynamoServiceError('InternalServerError', 'x', 500))).toBe(true);
    expect(isRetryable(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
  });

  it('does not retry answers that would be the same again', () => {
    expect(isRetryable(new DynamoServiceError('ConditionalCheckFailedException', 'x', 400))).toBe(false);
    expect(isRetryable(new DynamoServiceError('ValidationException', 'x', 400))).toBe(false);
    expect(isRetryable(new DynamoServiceError('UnrecognizedClientException', 'x', 400))).toBe(false);
    expect(isRetryable(new Error('plain'))).toBe(false);
  });
});
