/**
 * Global event positions sent by the command side as `X-Event-Position: <tx>.<pos>`.
 * Compared by transaction id, then by position, numerically (both may exceed 2^53).
 */
export type EventPosition = { tx: bigint; pos: bigint; raw: string };

export const parseEventPosition = (raw: string | null | undefined): EventPosition | null => {
  const match = /^\s*(\d+)\.(\d+)\s*$/.exec(raw ?? '');
  if (!match) return null;
  return { tx: BigInt(match[1]), pos: BigInt(match[2]), raw: `${match[1]}.${match[2]}` };
};

export const compareEventPositions = (a: EventPosition, b: EventPosition): number => {
  if (a.tx !== b.tx) return a.tx < b.tx ? -1 : 1;
  if (a.pos !== b.pos) return a.pos < b.pos ? -1 : 1;
  return 0;
};

/** Keeps the highest position seen so far. */
export const createPositionTracker = () => {
  let highest: EventPosition | null = null;
  return {
    observe: (raw: string | null | undefined) => {
      const next = parseEventPosition(raw);
      if (next && (!highest || compareEventPositions(next, highest) > 0)) highest = next;
    },
    current: (): string | null => highest?.raw ?? null,
    reset: () => {
      highest = null;
    },
  };
};
