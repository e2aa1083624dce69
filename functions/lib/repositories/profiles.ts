import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { aws } from '../clients';
import { isConditionalCheckFailed, keys, setExpression, stripKeys, tableName } from './table';

export type Role = 'author' | 'explorer';

export interface Profile {
  id: string;
  email: string;
  display_name: string;
  avatar_url: string | null;
  bio: string | null;
  role: Role;
  created_at: string;
  updated_at: string;
}

export async function getProfile(userId: string): Promise<Profile | null> {
  const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId) }));
  return Item ? (stripKeys(Item) as Profile) : null;
}

/** Writes the profile only if none exists; returns whether it was created. Safe to call twice. */
export async function createProfileIfAbsent(profile: Profile): Promise<boolean> {
  try {
    await aws.ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.profile(profile.id), ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export type ProfilePatch = Partial<Pick<Profile, 'display_name' | 'avatar_url' | 'bio'>>;

export async function updateProfile(userId: string, patch: ProfilePatch, now: string): Promise<Profile> {
  const { Attributes } = await aws.ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(userId),
      ...setExpression({ ...patch, updated_at: now }),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_NEW',
    }),
  );
  return stripKeys(Attributes!) as Profile;
}
