import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const t0 = performance.now();
const db = await PGlite.create('/tmp/pgd', { extensions: { pg_trgm } });
const t1 = performance.now();
await db.query('select count(*) from users');
const t2 = performance.now();
await db.close();
console.log(process.execArgv.join(' ') || 'plain', 'create', (t1 - t0).toFixed(0), 'first query', (t2 - t1).toFixed(0), 'cpu', (process.cpuUsage().user / 1000).toFixed(0));
