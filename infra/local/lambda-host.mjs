// Boots a local "Lambda container" thread: TypeScript support first, then the host loop.
import { register } from 'tsx/esm/api';

register();
await import('./lambda-host-loop.ts');
