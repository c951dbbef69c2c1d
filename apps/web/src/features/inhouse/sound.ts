import { readLocal, writeLocal } from '../../shared/storage/browser-storage';
import { localKeys } from '../../shared/storage/storage-keys';

/** Tones made with WebAudio oscillators: no sound files are shipped. */
export type Cue = 'bet' | 'win' | 'lose' | 'tick';

let context: AudioContext | null = null;

export const isSoundOn = (): boolean => readLocal(localKeys.inhouseSound) !== 'off';
export const setSoundOn = (on: boolean): void => writeLocal(localKeys.inhouseSound, on ? 'on' : 'off');

const notes: Record<Cue, { frequencies: number[]; step: number; type: OscillatorType }> = {
  bet: { frequencies: [440], step: 0.06, type: 'triangle' },
  tick: { frequencies: [880], step: 0.03, type: 'square' },
  win: { frequencies: [523.25, 659.25, 783.99], step: 0.09, type: 'triangle' },
  lose: { frequencies: [311.13, 233.08], step: 0.12, type: 'sawtooth' },
};

/** Plays a short cue when sound is on and the browser offers WebAudio. */
export const play = (cue: Cue): void => {
  if (!isSoundOn() || typeof window === 'undefined' || !('AudioContext' in window)) return;
  context ??= new AudioContext();
  const { frequencies, step, type } = notes[cue];
  const start = context.currentTime;
  frequencies.forEach((frequency, i) => {
    if (!context) return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    const at = start + i * step;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + step);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + step + 0.02);
  });
};
