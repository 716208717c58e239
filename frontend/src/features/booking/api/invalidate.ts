import type { QueryClient } from '@tanstack/react-query';
import { slotsKey } from './get-slots';

/**
 * Every list, detail and dashboard a booking change may alter, and the free slots. Lists and
 * details of every area (client, consultant and admin-panel) are keyed under `bookingsKey`.
 */
export const bookingsKey = ['bookings'] as const;
export const dashboardKey = ['booking-dashboard'] as const;

export const invalidateBookings = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingsKey }),
    queryClient.invalidateQueries({ queryKey: dashboardKey }),
    queryClient.invalidateQueries({ queryKey: slotsKey }),
  ]);
