import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ComplaintDetail, ComplaintRow, ComplaintState } from '../api/types';

export const CLIENT = '0190a0a0-0000-7000-8000-000000000001';
export const CONSULTANT = '0190a0a0-0000-7000-8000-0000000000c1';
export const TYPE = '0190a0a0-0000-7000-8000-0000000000t1';

export const complaintRow = (overrides: Partial<ComplaintRow> = {}): ComplaintRow => ({
  id: 'c1',
  status: 'submitted',
  type: { id: TYPE, name: 'Comportement' },
  subject: 'Séance écourtée',
  author: { id: CLIENT, name: 'Camille Martin', role: 'client' },
  respondent: { id: CONSULTANT, name: 'Inès Roux', role: 'consultant' },
  booking: { id: 'b1', start: '2030-03-04T09:00:00Z' },
  desired_outcome: 'refund',
  favour: null,
  filed_at: '2030-03-05T10:00:00Z',
  updated_at: '2030-03-05T10:00:00Z',
  closed_at: null,
  awaiting_information: false,
  ...overrides,
});

export const complaintDetail = (overrides: Partial<ComplaintDetail> = {}): ComplaintDetail => ({
  ...complaintRow(),
  description: 'La séance a duré vingt minutes au lieu de cinquante.',
  attachments: [{ key: `uploads/${CLIENT}/f1`, name: 'capture.png', content_type: 'image/png', size: 20480 }],
  statement: null,
  information_requests: [],
  decision: null,
  dismissal: null,
  booking_total: null,
  booking_refunded: null,
  can: { withdraw: false, statement: false, answer_request_id: null },
  ...overrides,
});

export const eur = (amount_minor: number) => ({ amount_minor, currency: 'EUR' });

/** One of the caller's bookings as `GET /api/{area}/bookings` lists it (the fields the form reads). */
export const ownBooking = (overrides: Record<string, unknown> = {}) => ({
  id: 'b1',
  status: 'completed',
  start: '2030-03-04T09:00:00Z',
  end: '2030-03-04T09:50:00Z',
  consultant: { id: CONSULTANT, name: 'Inès Roux' },
  client: { id: CLIENT, name: 'Camille Martin' },
  ...overrides,
});

/** What a command answers (`ComplaintState`): the state, not the detail, so the page must read the detail again. */
export const stateOf = (detail: ComplaintDetail): ComplaintState => ({
  id: detail.id,
  status: detail.status,
  favour: detail.favour,
  refund: detail.decision?.refund ?? null,
  suspend_consultant: detail.decision?.suspend_consultant ?? false,
  filed_at: detail.filed_at,
  awaiting_information: detail.awaiting_information,
  can: detail.can,
});

/** Fills the filing form (booking b1 with Inès Roux, type Comportement, subject and description). */
export const fillComplaintForm = async (u: UserEvent) => {
  await screen.findByRole('option', { name: /Inès Roux/ });
  await screen.findByRole('option', { name: 'Comportement' });
  await u.selectOptions(screen.getByLabelText(/Réservation concernée/), 'b1');
  await u.selectOptions(screen.getByLabelText(/Type de réclamation/), TYPE);
  await u.type(screen.getByLabelText(/^Objet/), 'Séance écourtée');
  await u.type(screen.getByLabelText(/^Description/), 'La séance a duré vingt minutes au lieu de cinquante.');
};
