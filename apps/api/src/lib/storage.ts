import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and generated files live; the local folder is the default, object storage can follow. */
export type Storage = {
  put: (key: string, data: Buffer) => Promise<void>;
  read: (key: string) => Promise<Buffer>;
  stream: (key: string) => Readable;
  exists: (key: string) => Promise<boolean>;
  remove: (key: string) => Promise<void>;
};

/** Keys are relative paths made by the server (never from user input), checked to stay inside the root. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full);
    },
    read: (key) => fs.readFile(resolve(key)),
    stream: (key) => createReadStream(resolve(key)),
    async exists(key) {
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
