import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { api } from '@/lib/api-client';

/** The closed answers, as the server names them (domain `client_file::health`). */
export const CHOICES = {
  pregnancy: ['no', 'pregnant', 'breastfeeding', 'not_applicable', 'prefer_not_to_say'],
  sleep: ['good', 'fair', 'poor'],
  stress: ['low', 'moderate', 'high'],
  diet: ['omnivore', 'vegetarian', 'vegan', 'other'],
} as const;

export const LIMITS = {
  reason: 2000,
  current_treatments: 2000,
  allergies: 1000,
  medical_history: 2000,
  lifestyle_notes: 1000,
} as const;

export type HealthAnswers = {
  reason: string;
  current_treatments: string;
  allergies: string;
  medical_history: string;
  pregnancy: string;
  sleep: string;
  stress: string;
  diet: string;
  lifestyle_notes: string;
};

export type HealthAssessmentValues = HealthAnswers & { share_with_experts: boolean };

export const HEALTH_FIELDS = [
  'reason',
  'current_treatments',
  'allergies',
  'medical_history',
  'pregnancy',
  'sleep',
  'stress',
  'diet',
  'lifestyle_notes',
  'share_with_experts',
] as const satisfies readonly (keyof HealthAssessmentValues)[];

/** `GET /api/client/health-assessment`; `answers` is null until saved. */
export type HealthAssessment = {
  client_id: string;
  saved_at: string | null;
  share_with_experts: boolean;
  answers: HealthAnswers | null;
};

export const getHealthAssessment = (signal?: AbortSignal) =>
  api.get<HealthAssessment>('/api/client/health-assessment', { signal });

export const healthAssessmentKey = ['client', 'health-assessment'] as const;

export const healthAssessmentQueryOptions = () =>
  queryOptions({ queryKey: healthAssessmentKey, queryFn: ({ signal }) => getHealthAssessment(signal), staleTime: 0 });

export const useHealthAssessment = () => useQuery(healthAssessmentQueryOptions());

const optionalText = (max: number) => yup.string().trim().max(max, 'validation.tooLong');
const choice = (values: readonly string[]) =>
  yup.string().required('validation.required').oneOf([...values], 'validation.required');

/** The form's own checks (the server checks them again). */
export const healthAssessmentSchema = yup.object({
  reason: yup.string().trim().required('validation.required').max(LIMITS.reason, 'validation.tooLong'),
  current_treatments: optionalText(LIMITS.current_treatments),
  allergies: optionalText(LIMITS.allergies),
  medical_history: optionalText(LIMITS.medical_history),
  pregnancy: choice(CHOICES.pregnancy),
  sleep: choice(CHOICES.sleep),
  stress: choice(CHOICES.stress),
  diet: choice(CHOICES.diet),
  lifestyle_notes: optionalText(LIMITS.lifestyle_notes),
  share_with_experts: yup.boolean(),
});

export const emptyHealthAssessment: HealthAssessmentValues = {
  reason: '',
  current_treatments: '',
  allergies: '',
  medical_history: '',
  pregnancy: '',
  sleep: '',
  stress: '',
  diet: '',
  lifestyle_notes: '',
  share_with_experts: false,
};

/** The saved assessment as form values (empty until saved). */
export const healthAssessmentValues = (saved: HealthAssessment | undefined): HealthAssessmentValues =>
  saved?.answers
    ? { ...emptyHealthAssessment, ...saved.answers, share_with_experts: saved.share_with_experts }
    : emptyHealthAssessment;

/** `PUT /api/client/health-assessment` → 204. */
export const saveHealthAssessment = (body: HealthAssessmentValues) =>
  api.put<void>('/api/client/health-assessment', body);

export const useSaveHealthAssessment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHealthAssessment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: healthAssessmentKey }),
  });
};
