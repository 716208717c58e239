/** Shapes of docs/complaints.md ("Shapes"). Money is integer minor units. */
export type Money = { amount_minor: number; currency: string };

export const COMPLAINT_STATUSES = ['submitted', 'in_review', 'decided', 'dismissed', 'withdrawn'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const DESIRED_OUTCOMES = ['refund', 'apology', 'other'] as const;
export type DesiredOutcome = (typeof DESIRED_OUTCOMES)[number];

export const FAVOURS = ['complainant', 'respondent', 'neither'] as const;
export type Favour = (typeof FAVOURS)[number];

export type PartyRole = 'client' | 'consultant';
/** The two parties' areas (`/api/{area}/complaints`). */
export type PartyArea = PartyRole;
/** Every area that reads a complaint. */
export type ComplaintArea = PartyArea | 'admin-panel';

/** A party: its name only, never its contact data. */
export type ComplaintParty = { id: string; name: string; role: PartyRole };

export type ComplaintRow = {
  id: string;
  status: ComplaintStatus;
  type: { id: string; name: string };
  subject: string;
  author: ComplaintParty;
  /** `null`: a complaint about the platform. */
  respondent: ComplaintParty | null;
  booking: { id: string; start: string | null } | null;
  desired_outcome: DesiredOutcome | null;
  favour: Favour | null;
  filed_at: string;
  updated_at: string;
  closed_at: string | null;
  awaiting_information: boolean;
};

export type Attachment = { key: string; name: string; content_type: string; size: number };
export type Statement = { text: string; at: string; attachments: Attachment[] };
export type Answer = { text: string; at: string; attachments: Attachment[] };
export type InformationRequest = {
  id: string;
  party: 'complainant' | 'respondent';
  text: string;
  asked_at: string;
  answer: Answer | null;
};

export type ComplaintDetail = ComplaintRow & {
  description: string;
  attachments: Attachment[];
  statement: Statement | null;
  information_requests: InformationRequest[];
  decision: { favour: Favour; resolution: string; refund: Money | null; suspend_consultant: boolean; at: string } | null;
  dismissal: { reason: string; at: string } | null;
  /** Administrators only. */
  booking_total: Money | null;
  booking_refunded: Money | null;
  /** What the caller may do now. */
  can: { withdraw: boolean; statement: boolean; answer_request_id: string | null };
};

/** What a command answers: the complaint's state as the command side knows it (not the whole detail). */
export type ComplaintState = {
  id: string;
  status: ComplaintStatus;
  favour: Favour | null;
  refund: Money | null;
  suspend_consultant: boolean;
  filed_at: string;
  awaiting_information: boolean;
  can: ComplaintDetail['can'];
};

export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

/** Still open: the admin may act, the author may withdraw. */
export const isOpen = (status: ComplaintStatus) => status === 'submitted' || status === 'in_review';

/** Bounds of the contract, checked again by the server. */
export const LIMITS = {
  subject: { min: 3, max: 200 },
  description: { min: 10, max: 5000 },
  statement: { min: 10, max: 5000 },
  answer: { min: 3, max: 5000 },
  question: { min: 3, max: 2000 },
  resolution: { min: 3, max: 5000 },
  reason: { min: 3, max: 2000 },
  attachments: 5,
} as const;

/** `/api/{area}/complaints/{id}/files/{key}`: the key's slashes stay path separators. */
export const attachmentHref = (area: ComplaintArea, id: string, key: string) =>
  `/api/${area}/complaints/${encodeURIComponent(id)}/files/${key.split('/').map(encodeURIComponent).join('/')}`;
