import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedStdout } from './log-destination';

describe('the buffered request log', () => {
  it('holds lines back and writes them all at close', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    const output = bufferedStdout(fd);
    output.stream.write('{"msg":"one"}\n');
    output.stream.write('{"msg":"two"}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    output.close();
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"one"}\n{"msg":"two"}\n');
    closeSync(fd);
  });
});
