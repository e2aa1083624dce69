import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Ids that sort by creation time (for DynamoDB sort keys) and are unguessable. */
export function sortableId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

export const uuid = () => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/** A UUID derived from its parts: the same book and chapter number always give the same chapter id. */
export function stableUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
