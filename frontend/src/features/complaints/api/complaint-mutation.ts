import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { invalidateComplaints } from './invalidate';

/**
 * A command on one complaint. Its answer is the complaint's state as the command side knows it (status,
 * `can`…), not the whole detail: the detail and the lists are read again (read-your-writes), so the
 * page shows the step at once; after a refusal too (a 409 means the screen was stale).
 */
export const useComplaintMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent: true },
    onSettled: () => invalidateComplaints(queryClient),
  });
};

/** A required text within the contract's bounds (messages are `validation.*` keys). */
export const boundedText = (min: number, max: number) =>
  yup.string().trim().required('validation.required').min(min, 'validation.tooShort').max(max, 'validation.tooLong');

export const complaintPath = (area: string, id: string, action: string) =>
  `/api/${area}/complaints/${encodeURIComponent(id)}/${action}`;
