import fs from 'node:fs';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Guards OJ_DATA_DIR against a second server on the same embedded database. A lock
 * left by a process that no longer runs is taken over. */
export const lockDataDir = (dataDir: string) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) {
        throw new Error(`${dataDir} is in use by another server (pid ${pid}); stop it or set OJ_DATA_DIR`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${dataDir}`);
};
