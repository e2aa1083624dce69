import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './runtime';

/** `npm run reset`: wipes every local service's data (stop `npm start` first). */
const dataDir = process.env.DATA_DIR ?? join(PROJECT_ROOT, '.data');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}`);
