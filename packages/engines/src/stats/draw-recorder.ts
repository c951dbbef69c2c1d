import type { UniformSource } from '../fair/uniform-source';
import type { DrawLog } from './uniformity';

/** Passes draws through from another source and keeps every (value, max) pair, for the uniformity tests. */
export class DrawRecorder implements UniformSource, DrawLog {
  values: Float64Array;
  maxes: Float64Array;
  length = 0;
  private readonly inner: UniformSource;

  constructor(inner: UniformSource, capacity = 1 << 20) {
    this.inner = inner;
    this.values = new Float64Array(capacity);
    this.maxes = new Float64Array(capacity);
  }

  nextInt(max: number): number {
    const value = this.inner.nextInt(max);
    if (this.length === this.values.length) this.grow();
    this.values[this.length] = value;
    this.maxes[this.length] = max;
    this.length += 1;
    return value;
  }

  private grow(): void {
    const values = new Float64Array(this.values.length * 2);
    const maxes = new Float64Array(this.maxes.length * 2);
    values.set(this.values);
    maxes.set(this.maxes);
    this.values = values;
    this.maxes = maxes;
  }
}
