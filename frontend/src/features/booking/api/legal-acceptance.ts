import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/client/legal-acceptance`: the versions the client accepted and those in force. */
export type LegalStanding = {
  accepted_terms: string | null;
  accepted_privacy: string | null;
  terms_in_force: string;
  privacy_in_force: string;
  /** false: a new version waits for the client's acceptance before any booking. */
  up_to_date: boolean;
};

export const legalStandingKey = ['client-legal-acceptance'] as const;

export const getLegalStanding = (signal?: AbortSignal) => api.get<LegalStanding>('/api/client/legal-acceptance', { signal });

export const legalStandingQueryOptions = () =>
  queryOptions({
    queryKey: legalStandingKey,
    queryFn: ({ signal }) => getLegalStanding(signal),
    // Read each time the booking page opens: a version may have come into force since.
    staleTime: 0,
    // The booking page says what it needs; the booking itself is refused if the standing could not be read.
    meta: { silent: true },
  });

export const useLegalStanding = () => useQuery(legalStandingQueryOptions());

export type LegalAcceptanceBody = { terms_version: string; privacy_version: string };

/**
 * `POST /api/client/legal-acceptance` `{terms_version, privacy_version}` → 204; 400 `terms.outdated`
 * on either field when they are no longer the versions in force (one published while the page was open).
 */
export const acceptLegal = (body: LegalAcceptanceBody) => api.post<void>('/api/client/legal-acceptance', body);

/** Reads the standing again either way: accepted, or the versions in force to show instead. */
export const useAcceptLegal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptLegal,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalStandingKey }),
  });
};
