export * from './fair/draws';
export * from './fair/fair-stream';
export * from './fair/seeds';
export * from './fair/uniform-source';
export * from './money/multiplier';
