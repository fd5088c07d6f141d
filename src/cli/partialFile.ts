// A file being written beside its target, renamed over it only when complete. In a folder other
// users can write to, a predictable name could be planted in advance (a symlink to a file of
// ours, or a file of theirs we would reuse): so the name is random, the file is created
// exclusively (an existing file or symlink of that name is an error, never followed), readable
// by its owner only, and closed before it takes the target's name.
import { randomBytes } from "node:crypto";
import { constants, createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { access, mkdir, open, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { UsageError } from "./exportArgs";

/** The mode of a finished export: its owner's only, since it holds the ledger. */
const EXPORT_FILE_MODE = 0o600;

const CREATE_EXCLUSIVE =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * Fails (a UsageError) unless `target` can be written: its folder exists and is writable, and
 * the target itself is not a folder. Run before any request, so a typo costs nothing.
 */
export async function checkOutputPath(target: string): Promise<void> {
  const folder = dirname(resolve(target));
  const folderStat = await stat(folder).catch(() => null);
  if (folderStat === null || !folderStat.isDirectory()) {
    throw new UsageError("The folder of --out does not exist.");
  }
  try {
    await access(folder, constants.W_OK);
  } catch {
    throw new UsageError("The folder of --out cannot be written to.");
  }
  const targetStat = await stat(target).catch(() => null);
  if (targetStat?.isDirectory() === true) throw new UsageError("--out names a folder.");
}

/**
 * Fails (a UsageError) unless `folder` can be written to, creating it (not its parents, so a
 * mistyped path is still refused) when it does not exist yet: run before any request.
 */
export async function checkOutputFolder(folder: string): Promise<void> {
  let folderStat = await stat(folder).catch(() => null);
  if (folderStat === null) {
    await mkdir(folder).catch(() => undefined);
    folderStat = await stat(folder).catch(() => null);
  }
  if (folderStat === null) {
    throw new UsageError("The folder that would hold --out's folder does not exist.");
  }
  if (!folderStat.isDirectory()) throw new UsageError("--out names a file, not a folder.");
  try {
    await access(folder, constants.W_OK);
  } catch {
    throw new UsageError("The folder --out names cannot be written to.");
  }
}

export class PartialFile {
  private failure: Error | undefined;
  private readonly failed: Promise<never>;

  private constructor(
    readonly target: string,
    readonly path: string,
    /** The file's stream, which closes the file when it ends. */
    readonly stream: WriteStream,
  ) {
    this.failed = new Promise<never>((_resolve, reject) => {
      stream.on("error", (error: Error) => {
        this.failure = error;
        reject(error);
      });
    });
    // Observed here so that a failure nobody is waiting for yet is not an unhandled rejection.
    this.failed.catch(() => undefined);
  }

  /** Creates `.<target>.partial-<random>` beside `target`, exclusively, mode 0600. */
  static async create(target: string): Promise<PartialFile> {
    const path = join(
      dirname(target),
      `.${basename(target)}.partial-${randomBytes(8).toString("hex")}`,
    );
    const handle = await open(path, CREATE_EXCLUSIVE, EXPORT_FILE_MODE);
    try {
      // Whatever the umask: the partial file and the export it becomes have exactly this mode.
      await handle.chmod(EXPORT_FILE_MODE);
    } catch (error) {
      await handle.close();
      await rm(path, { force: true });
      throw error;
    }
    return new PartialFile(target, path, createWriteStream(path, { fd: handle }));
  }

  /** Throws the stream's error, if it had one. */
  check(): void {
    if (this.failure) throw this.failure;
  }

  /** Settles as `work` does, or rejects as soon as the stream fails. */
  async unlessFailed<T>(work: Promise<T>): Promise<T> {
    this.check();
    return await Promise.race([work, this.failed]);
  }

  /** Writes text or bytes; resolves when the stream takes more (backpressure), rejects on its error. */
  async write(data: string | Uint8Array): Promise<void> {
    this.check();
    if (!this.stream.write(data)) await this.unlessFailed(once(this.stream, "drain"));
  }

  /** Ends the stream and closes the file. */
  async finish(): Promise<void> {
    this.check();
    if (!this.stream.closed) {
      const closed = once(this.stream, "close");
      if (!this.stream.writableEnded) this.stream.end();
      await this.unlessFailed(closed);
    }
    this.check();
  }

  /** Gives the finished file the target's name. */
  async commit(): Promise<void> {
    await rename(this.path, this.target);
  }

  /** Closes and removes the file (on any failure). */
  async discard(): Promise<void> {
    if (!this.stream.closed) {
      const closed = once(this.stream, "close").catch(() => undefined);
      this.stream.destroy();
      await closed;
    }
    await rm(this.path, { force: true });
  }
}
