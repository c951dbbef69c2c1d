import { describe, expect, it } from 'vitest';
import { displayedLanguageOf } from './language-choice';

const shipped = new Set(['EN', 'CN', 'AR']);

describe('displayedLanguageOf', () => {
  it('shows a shipped language as itself', () => {
    expect(displayedLanguageOf('AR', 'EN', shipped)).toBe('AR');
  });

  it('shows a language without a catalogue in the merchant default, else English', () => {
    expect(displayedLanguageOf('FA', 'CN', shipped)).toBe('CN');
    expect(displayedLanguageOf('FA', 'UR', shipped)).toBe('EN');
    expect(displayedLanguageOf('DE', null, shipped)).toBe('EN');
  });
});
