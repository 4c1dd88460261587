import fs from 'node:fs';
import path from 'node:path';

/** The first bytes of a file on disk: enough to sniff its type without reading the rest. */
export const readHead = async (file: string, bytes = 4096): Promise<Buffer> => {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** Whether the file starts as a zip archive does ("PK"). */
export const isZipFile = async (file: string) => {
  const head = await readHead(file, 2);
  return head[0] === 0x50 && head[1] === 0x4b;
};

/** Moves a file (an upload's temporary file) to `target`: a rename inside OJ_DATA_DIR, a copy across file
 * systems. The upload binding's own delete of the temporary file is then a no-op. */
export const moveFile = async (source: string, target: string) => {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.promises.rename(source, target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    await fs.promises.rm(source, { force: true });
  }
  // Temporary uploads are private to the server (0600); a stored file is readable like the others.
  await fs.promises.chmod(target, 0o644);
};
