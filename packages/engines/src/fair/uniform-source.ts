/**
 * Where an engine takes its randomness from. In production it is a `FairStream`; tests may wrap one to record
 * every draw an engine makes.
 */
export type UniformSource = {
  /** A uniform integer in [0, max), without bias, for 1 <= max <= 2^53. */
  nextInt(max: number): number;
};
