import { getUserActivity } from '../events';
import { getAdapters } from '../lib/adapters';
import { createUsersService, type UsersService } from './service';

let service: UsersService | undefined;

/** The users service on the production adapters (created on first use, kept while warm). */
export const users = (): UsersService =>
  (service ??= createUsersService({ ...getAdapters(), activity: getUserActivity() }));
