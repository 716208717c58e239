import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { bookingRow, eur, receipt } from '../testing/booking-fixtures';

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const page = (items: unknown[]) => json({ items, total: items.length, page: 1, page_size: 20 });

const paid = bookingRow({ id: 'paid', start: hours(72), end: hours(73), client: { id: 'cl1', name: 'Camille Martin' } });
const refunded = bookingRow({
  id: 'refunded',
  status: 'cancelled',
  start: hours(96),
  end: hours(97),
  refund: eur(6000),
  client: { id: 'cl2', name: 'Léa Petit' },
  receipts: [receipt('payment', '2026-000001', 6000, 'refunded'), receipt('refund', '2026-000002', 6000, 'refunded')],
});
const withReceipt = { ...paid, receipts: [receipt('payment', '2026-000003', 6000, 'paid')] };
// An older row, from before receipts: no `receipts` at all.
const older = (() => {
  const row: Partial<typeof paid> = bookingRow({ id: 'older', start: hours(120), end: hours(121), client: { id: 'cl3', name: 'Noé Blanc' } });
  delete row.receipts;
  return row;
})();

describe('receipts', () => {
  it('links the client’s invoices and credit notes (PDF download) with their amounts', async () => {
    setRoleStatus('client', true);
    stubFetch({
      'GET /api/client/session': () => json(sessionFor('client')),
      'GET /api/client/bookings': () => page([withReceipt, refunded, older]),
    });
    renderApp('/client/my-booking');
    const invoice = await screen.findByRole('link', { name: 'Facture n° 2026-000003' });
    expect(invoice.getAttribute('href')).toBe('/api/client/bookings/paid/receipts/r-2026-000003.pdf');
    expect(invoice.hasAttribute('download')).toBe(true);
    expect(invoice.closest('li')!.textContent).toMatch(/60,00\s€/);
    const cancelled = screen.getAllByRole('article').find((item) => item.textContent?.includes('Annulée'))!;
    expect(within(cancelled).getByRole('link', { name: 'Facture n° 2026-000001' })).toBeTruthy();
    const creditNote = within(cancelled).getByRole('link', { name: 'Avoir n° 2026-000002' });
    expect(creditNote.hasAttribute('download')).toBe(true);
    expect(creditNote.closest('li')!.textContent).toMatch(/60,00\s€/);
    expect(screen.getAllByRole('link', { name: /^(Facture|Avoir) n° / })).toHaveLength(3);
    expect(screen.getAllByRole('list', { name: 'Justificatifs' })).toHaveLength(2);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /^En/ }));
    expect(await screen.findByRole('link', { name: 'Receipt no. 2026-000003' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Credit note no. 2026-000002' })).toBeTruthy();
  });

  it('shows the consultant the receipts of their bookings', async () => {
    setRoleStatus('consultant', true);
    stubFetch({
      'GET /api/consultant/session': () => json(sessionFor('consultant')),
      'GET /api/consultant/bookings': () => page([withReceipt, older]),
    });
    renderApp('/consultant/my-booking');
    const item = await screen.findByRole('article', { name: /^Camille Martin/ });
    expect(within(item).getByRole('link', { name: 'Facture n° 2026-000003' }).hasAttribute('download')).toBe(true);
    expect(within(screen.getByRole('article', { name: /^Noé Blanc/ })).queryByRole('link', { name: /Facture/ })).toBeNull();
  });

  it('shows the administrator the booking’s receipts on its detail', async () => {
    stubFetch({
      'GET /api/admin-panel/session': () => json(sessionFor('admin')),
      'GET /api/admin-panel/bookings/refunded': () => json({ ...refunded, history: [], notes: [] }),
    });
    renderApp('/admin/all-booking/refunded');
    const label = await screen.findByText('Justificatifs', { selector: 'dt' });
    const links = within(label.nextElementSibling as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Facture n° 2026-000001', 'Avoir n° 2026-000002']);
    expect(links.every((link) => link.hasAttribute('download'))).toBe(true);
  });
});
