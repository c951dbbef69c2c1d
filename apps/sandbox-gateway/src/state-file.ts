import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/** Everything the gateway remembers, in one JSON file: every payment with the state of its callback delivery. */

const isoTime = z.iso.datetime();

const deliverySchema = z.object({
  state: z.enum(['pending', 'delivered', 'abandoned']),
  /** Attempts made so far; the next callback body carries `attempt: attempts + 1`. */
  attempts: z.number().int().min(0),
  nextAttemptAt: isoTime.nullable(),
  lastAttemptAt: isoTime.nullable(),
  /** `HTTP 503`, `timeout`, `ECONNREFUSED`… of the last attempt. */
  lastResult: z.string().nullable(),
});

const paymentSchema = z.object({
  paymentId: z.string(),
  merchantId: z.string(),
  merchantOrderId: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  callbackUrl: z.string(),
  returnUrl: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'expired']),
  createdAt: isoTime,
  expiresAt: isoTime,
  /** When the payment left `pending` (paid, declined or expired). */
  settledAt: isoTime.nullable(),
  /** When it was paid; only for `succeeded`. */
  paidAt: isoTime.nullable(),
  /** The hosted page's per-payment form token. */
  csrfToken: z.string(),
  cardLast4: z.string().nullable(),
  delivery: deliverySchema.nullable(),
});

const stateSchema = z.object({ version: z.literal(1), payments: z.array(paymentSchema) });

export type Delivery = z.infer<typeof deliverySchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type PaymentStatus = Payment['status'];
export type StoredState = z.infer<typeof stateSchema>;

export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** Reads the state file; a missing file is an empty state, a damaged one stops the start (never silently reset). */
export const readStateFile = async (path: string): Promise<StoredState> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, payments: [] };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(`${path} is not valid JSON (${(error as Error).message}); move it away to start empty`);
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new StateFileError(
      `${path} does not hold a sandbox gateway state (${first?.path.join('.')}: ${first?.message}); move it away to start empty`,
    );
  }
  return parsed.data;
};

/**
 * Writes the state atomically (temporary file, fsync, rename, fsync of the folder), one write at a time.
 * Saves asked for while a write runs are coalesced into one more write of the then-current state; every
 * caller's promise settles once a write that started after its request is on disk.
 */
export class StateWriter {
  private writing: Promise<void> | null = null;
  private queued: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | null = null;

  constructor(
    readonly path: string,
    private readonly snapshot: () => StoredState,
  ) {}

  save(): Promise<void> {
    if (!this.queued) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.queued = { promise, resolve, reject };
    }
    const { promise } = this.queued;
    if (!this.writing) this.writing = this.drain();
    return promise;
  }

  /** Resolves when no write is running or queued (the last write's failure is not rethrown here). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.queued) {
      const batch = this.queued;
      this.queued = null;
      try {
        await this.write(`${JSON.stringify(this.snapshot(), null, 1)}\n`);
        batch.resolve();
      } catch (error) {
        batch.reject(error);
      }
    }
    this.writing = null;
  }

  private async write(text: string): Promise<void> {
    const folder = dirname(this.path);
    await mkdir(folder, { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(text, 'utf8');
      await file.sync();
    } catch (error) {
      await file.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await file.close();
    await rename(temporary, this.path);
    const directory = await open(folder, 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
  }
}
