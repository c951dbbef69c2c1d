/**
 * Brute force over all 25^5 = 9,765,625 stop combinations of the slot: checks the exact RTP computed per
 * payline and the declared maximum multiplier. Run: npx tsx packages/engines/scripts/slot-enumerate.ts
 */
import { fraction, fractionsEqual, fractionToNumber } from '../src/math/fraction';
import { compareMultipliers, createMultiplier } from '../src/money/multiplier';
import { SLOT_DECLARED_RTP } from '../src/slot/slot';
import { enumerateAllStops } from '../src/slot/slot-brute-force';
import { slotExactRtpFraction } from '../src/slot/slot-enumeration';
import { SLOT_MACHINE, SLOT_MAX_MULTIPLIER } from '../src/slot/slot-machine';

const started = performance.now();
const result = enumerateAllStops(SLOT_MACHINE);
const lines = SLOT_MACHINE.paylines.length;
const bruteForce = fraction(result.totalLineBets, BigInt(result.combinations) * BigInt(lines));
const perPayline = slotExactRtpFraction(SLOT_MACHINE);
const max = createMultiplier(result.maxLineBets, lines);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`stop combinations      ${result.combinations} (${seconds} s)`);
console.log(
  `RTP by brute force     ${bruteForce.numerator}/${bruteForce.denominator} = ${fractionToNumber(bruteForce)}`,
);
console.log(
  `RTP per payline        ${perPayline.numerator}/${perPayline.denominator} = ${fractionToNumber(perPayline)}`,
);
console.log(`declared RTP           ${SLOT_DECLARED_RTP}`);
console.log(
  `max win                ${result.maxLineBets} line bets = ${max.numerator}/${max.denominator}x at stops ${result.maxStops.join(',')}`,
);
console.log(`declared max           ${SLOT_MAX_MULTIPLIER.numerator}/${SLOT_MAX_MULTIPLIER.denominator}x`);
const ok =
  fractionsEqual(bruteForce, perPayline) &&
  Math.abs(fractionToNumber(bruteForce) - SLOT_DECLARED_RTP) < 1e-12 &&
  compareMultipliers(max, SLOT_MAX_MULTIPLIER) === 0;
console.log(ok ? 'slot enumeration: OK' : 'slot enumeration: MISMATCH');
process.exit(ok ? 0 : 1);
