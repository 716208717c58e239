import type { HealthAnswers, HealthAssessment } from '../api/health-assessment';

/** A client's saved health assessment, shared with experts; `answers` override the defaults. */
export const savedAssessment = (clientId: string, answers: Partial<HealthAnswers> = {}): HealthAssessment => ({
  client_id: clientId,
  saved_at: '2026-11-20T09:00:00Z',
  share_with_experts: true,
  answers: {
    reason: 'Troubles du sommeil',
    current_treatments: '',
    allergies: '',
    medical_history: '',
    pregnancy: 'not_applicable',
    sleep: 'poor',
    stress: 'high',
    diet: 'vegetarian',
    lifestyle_notes: '',
    ...answers,
  },
});
