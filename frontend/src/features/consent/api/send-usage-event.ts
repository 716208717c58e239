import { useEffect, useRef } from 'react';
import type { Role } from '@/config/roles';
import { api } from '@/lib/api-client';
import { useConsent } from '@/lib/consent';

/** The area screens counted (docs/api.md "Consent and usage analytics"). */
export type UsageView = 'dashboard' | 'bookings' | 'complaints_by_me' | 'complaints_against_me';

/** `POST /api/{client|consultant}/usage-events {view}` → 202 `{recorded: true}`. */
export const sendUsageEvent = (area: 'client' | 'consultant', view: UsageView) =>
  api.post<{ recorded: boolean }>(`/api/${area}/usage-events`, { view });

/**
 * Counts one visit of a client's or consultant's screen, only after the visitor accepted
 * audience measurement (also when they accept it on the screen). Fire and forget: a failure
 * is neither shown nor retried.
 */
export const useUsageEvent = (role: Role, view: UsageView) => {
  const analytics = useConsent().choice?.analytics === true;
  const sent = useRef(false);
  useEffect(() => {
    if (!analytics || sent.current || role === 'admin') return;
    sent.current = true;
    sendUsageEvent(role, view).catch(() => undefined);
  }, [analytics, role, view]);
};
