import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SHM = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
/**
 * Free space the tmpfs must have: a run's temporary files peak at about 0.7 GB. A container's
 * /dev/shm is often 64 MB, and a full one would fail tests on ENOSPC.
 */
const ROOM = 4 * 1024 ** 3;

/**
 * Points the run's temporary files (os.tmpdir(): site copies, installs, builds, browser profiles)
 * at a folder of its own in memory, where the machine has a tmpfs at /dev/shm with room to spare
 * and TMPDIR is not set already. The suite makes and deletes hundreds of thousands of files; on
 * ext4, finding a free inode among so many recently deleted ones (the kernel's `__ext4_new_inode`)
 * took most of the benchmark smoke test's system time: 83 s of CPU on disk, 36 s in memory.
 * Workers and the children they start inherit TMPDIR; the folder goes when the run ends. The
 * system's temporary folder stays in CONTENT_READ_DISK_TMPDIR, for what must be on disk beside
 * the checkout (hard links to it).
 */
export function useMemoryTmpdir(): void {
  if (process.env.TMPDIR) return;
  try {
    const fs = statfsSync(SHM);
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < ROOM) return;
    const dir = mkdtempSync(join(SHM, 'content-read-test-'));
    process.env.CONTENT_READ_DISK_TMPDIR = tmpdir();
    process.env.TMPDIR = dir;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // No writable /dev/shm: the system's temporary folder it is.
  }
}
