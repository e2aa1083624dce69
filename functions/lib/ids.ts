import { randomBytes, randomUUID } from 'node:crypto';

/** Ids that sort by creation time (for DynamoDB sort keys) and are unguessable. */
export function sortableId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

export const uuid = () => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);
