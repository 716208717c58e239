/** Consultation lengths: 15 to 180 minutes in 5-minute steps (domain `SessionDuration`). */
export const SESSION_MINUTES_MIN = 15;
export const SESSION_MINUTES_MAX = 180;
export const SESSION_MINUTES_STEP = 5;

export const SESSION_MINUTES: readonly number[] = Array.from(
  { length: (SESSION_MINUTES_MAX - SESSION_MINUTES_MIN) / SESSION_MINUTES_STEP + 1 },
  (_, i) => SESSION_MINUTES_MIN + i * SESSION_MINUTES_STEP,
);
