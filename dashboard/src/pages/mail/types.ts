interface CaughtAttachment {
  filename: string;
  content_type: string;
  size: number;
}

/** A message the service kept instead of sending it (GET /dashboard/api/mail). */
export interface CaughtMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  created_at: string;
  attachments: CaughtAttachment[];
  /** The plain-text body, on GET /dashboard/api/mail/{id} only. */
  text?: string;
}

export interface CaughtMail {
  transport: 'smtp' | 'catcher' | 'none';
  messages: CaughtMessage[];
}
