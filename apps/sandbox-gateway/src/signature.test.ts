import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callbackSignedText, sign, signCallback, verifySignature } from './signature';

// The worked example of docs/runbooks/sandbox-gateway.md: the platform's adapter tests against the same values.
const SECRET = 'sandbox-demo-secret';
const TIMESTAMP = 1795326061000;
const CALLBACK_BODY =
  '{"paymentId":"pay_3f9a1c2e4b5d6f708192a3b4","merchantOrderId":"D8F3K2","amount":"10000","currency":"USD","status":"succeeded","paidAt":"2026-11-22T05:41:00.000Z","attempt":1}';
const CALLBACK_SIGNATURE = '048f4f9626486579248982071e6cce46113db680e16642cb65ef58dfea268259';
const CREATE_BODY =
  '{"merchantOrderId":"D8F3K2","amount":"10000","currency":"USD","description":"Deposit D8F3K2","callbackUrl":"http://127.0.0.1:8080/wps/cashier/callback/sandbox","returnUrl":"http://localhost:8080/member?page=depositv2&order=D8F3K2"}';
const CREATE_SIGNATURE = '428a61079d691b311b9dd809bfa6e172399217b5867efd469749dbfa274bf303';
const GET_PATH = '/api/payments/pay_3f9a1c2e4b5d6f708192a3b4';
const GET_SIGNATURE = '19bfdd3a165431131e595df216d821cba4e0debf2c026b3d71d3786a31efb6d9';

describe('signatures', () => {
  it('matches the runbook’s worked examples', () => {
    expect(callbackSignedText(TIMESTAMP, CALLBACK_BODY)).toBe(`1795326061000.${CALLBACK_BODY}`);
    expect(signCallback(SECRET, TIMESTAMP, CALLBACK_BODY)).toBe(CALLBACK_SIGNATURE);
    expect(sign(SECRET, CREATE_BODY)).toBe(CREATE_SIGNATURE);
    expect(sign(SECRET, GET_PATH)).toBe(GET_SIGNATURE);
  });

  it('accepts the exact signature, in either hex case, over a string or the raw bytes', () => {
    expect(verifySignature(SECRET, CREATE_BODY, CREATE_SIGNATURE)).toBe(true);
    expect(verifySignature(SECRET, Buffer.from(CREATE_BODY), CREATE_SIGNATURE.toUpperCase())).toBe(true);
  });

  it('refuses another secret, a tampered body and a changed timestamp', () => {
    expect(verifySignature('another-secret-value', CREATE_BODY, CREATE_SIGNATURE)).toBe(false);
    expect(verifySignature(SECRET, CREATE_BODY.replace('10000', '90000'), CREATE_SIGNATURE)).toBe(false);
    expect(verifySignature(SECRET, `${CREATE_BODY} `, CREATE_SIGNATURE)).toBe(false);
    expect(verifySignature(SECRET, callbackSignedText(TIMESTAMP, CALLBACK_BODY), CALLBACK_SIGNATURE)).toBe(true);
    expect(verifySignature(SECRET, callbackSignedText(TIMESTAMP + 1, CALLBACK_BODY), CALLBACK_SIGNATURE)).toBe(false);
    expect(verifySignature(SECRET, CALLBACK_BODY, CALLBACK_SIGNATURE)).toBe(false);
  });

  it('refuses malformed signatures without throwing', () => {
    for (const bad of [
      undefined,
      '',
      'zz',
      CREATE_SIGNATURE.slice(0, 63),
      `${CREATE_SIGNATURE}00`,
      `${'g'.repeat(64)}`,
    ]) {
      expect(verifySignature(SECRET, CREATE_BODY, bad)).toBe(false);
    }
  });
});

describe('the runbook’s worked example', () => {
  it('prints exactly these bodies and signatures', () => {
    const runbook = readFileSync(new URL('../../../docs/runbooks/sandbox-gateway.md', import.meta.url), 'utf8');
    const example = runbook.slice(runbook.indexOf('### Worked example'), runbook.indexOf('## Merchant API'));
    expect(example).toContain(`Secret: \`${SECRET}\``);
    expect(example).toContain(`\`\`\`\n${CREATE_BODY}\n\`\`\`\n\`X-Gateway-Signature: ${CREATE_SIGNATURE}\``);
    expect(example).toContain(`\`${GET_PATH}\` →\n\`X-Gateway-Signature: ${GET_SIGNATURE}\``);
    expect(example).toContain(`X-Gateway-Timestamp: ${TIMESTAMP}`);
    expect(example).toContain(`\`\`\`\n${CALLBACK_BODY}\n\`\`\``);
    expect(example).toContain(`\`X-Gateway-Signature: ${CALLBACK_SIGNATURE}\``);
  });
});
