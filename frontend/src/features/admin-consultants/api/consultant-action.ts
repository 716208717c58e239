import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsultantsKey } from './get-consultants';

/** A lifecycle command on one consultant; afterwards the list and the profile are fetched again. */
export const useConsultantAction = <Body>(send: (id: string, body: Body) => Promise<void>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => send(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminConsultantsKey }),
  });
};

export const consultantPath = (id: string, action: string) =>
  `/api/admin-panel/consultants/${encodeURIComponent(id)}/${action}`;
