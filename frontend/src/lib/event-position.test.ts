import { describe, expect, it } from 'vitest';
import { compareEventPositions, parseEventPosition } from './event-position';

const p = (raw: string) => {
  const parsed = parseEventPosition(raw);
  if (!parsed) throw new Error(`unparsable ${raw}`);
  return parsed;
};

describe('event positions', () => {
  it('parses tx.pos and rejects anything else', () => {
    expect(p('12.34')).toMatchObject({ tx: 12n, pos: 34n, raw: '12.34' });
    expect(parseEventPosition('12')).toBeNull();
    expect(parseEventPosition('a.b')).toBeNull();
    expect(parseEventPosition('-1.2')).toBeNull();
    expect(parseEventPosition(null)).toBeNull();
  });

  it('orders by transaction id first, then position, numerically', () => {
    expect(compareEventPositions(p('2.1'), p('10.0'))).toBe(-1);
    expect(compareEventPositions(p('10.9'), p('10.10'))).toBe(-1);
    expect(compareEventPositions(p('11.0'), p('10.99'))).toBe(1);
    expect(compareEventPositions(p('7.7'), p('7.7'))).toBe(0);
  });
});
