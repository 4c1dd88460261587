// Runs a CommonJS bundle with V8's code cache: the first run compiles it as Node would and, once it has started (10 s
// in, or at its exit if sooner), writes V8's compiled code of every function run so far beside it; later runs hand
// that back to V8 instead of compiling again (the server's 6 MB bundle: about 0.25 s of every start on a small
// machine). Node 20 has no compile cache of its own (module.enableCompileCache is Node 22).
//
// The cache is named after the bundle's size and modification time, so a rebuilt bundle never meets an old cache
// (V8 itself checks only the source's length, its version and its flags, and says when it refuses one). Writing it is
// best effort: a read-only install runs without.
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const SAVE_AFTER_MS = 10_000;

/** The cache file of `file` as it is now. */
const cacheFileOf = (file) => {
  const st = fs.statSync(file);
  return `${file}.${st.size}-${Math.trunc(st.mtimeMs)}.v8cache`;
};

/** Runs the CommonJS module `url` (a file URL or path) as Node would, with its code cache when there is a valid one,
 * after setting `v8Flags` (set before it is compiled: V8 refuses a cache made under other flags); its exports. */
export const runWithCodeCache = (url, v8Flags = []) => {
  for (const flag of v8Flags) v8.setFlagsFromString(flag);
  const file = url instanceof URL ? fileURLToPath(url) : url;
  const cacheFile = cacheFileOf(file);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // None yet.
  }
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (!cachedData || script.cachedDataRejected) {
    let saved = false;
    const save = () => {
      if (saved) return;
      saved = true;
      try {
        // Stale caches of earlier builds go first.
        const base = `${path.basename(file)}.`;
        for (const f of fs.readdirSync(path.dirname(file)))
          if (f.startsWith(base) && f.endsWith('.v8cache'))
            fs.rmSync(path.join(path.dirname(file), f), { force: true });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {
        // Best effort (a read-only install, a full disk): the next start compiles again.
      }
    };
    setTimeout(save, SAVE_AFTER_MS).unref();
    process.once('exit', save);
  }
  const module = { id: file, filename: file, exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
};
