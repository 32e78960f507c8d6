import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../common/constants.ts';
import { zNumber, zString } from '../common/primitives.ts';
import { isValidEmail } from '../validators/email.ts';
import { ValidationMessage } from '../validators/messages.ts';

/** The two kinds of report a user sends from the user menu (spec sections 2, 5, 7 "Reports"). */
export const ReportKind = { Problem: 'problema', Suggestion: 'suggerimento' } as const;
export type ReportKind = (typeof ReportKind)[keyof typeof ReportKind];

export const REPORT_MESSAGE_MAX = 5000;
/** A report carries at most one file (spec section 9), of at most this size. */
export const REPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const ReportText = {
  MessageRequired: 'Descrivi il problema o il suggerimento',
  MessageTooLong: `Il messaggio non può superare i ${REPORT_MESSAGE_MAX} caratteri`,
  OneFileOnly: 'Puoi allegare un solo file',
  FileTooLarge: 'Il file supera i 10 MB',
  FileType: "Tipo di file non ammesso: allega un'immagine, un PDF o un file di testo",
} as const;

/** The text fields of a report (multipart fields `Email` and `Messaggio`; the file is `Allegato`). */
export const reportFieldsSchema = z.object({
  Email: zString({ error: ValidationMessage.Required })
    .trim()
    .min(1, ValidationMessage.Required)
    .max(EMAIL_MAX_LENGTH, ValidationMessage.EmailTooLong)
    .refine(isValidEmail, ValidationMessage.Email),
  Messaggio: zString({ error: ReportText.MessageRequired })
    .trim()
    .min(1, ReportText.MessageRequired)
    .max(REPORT_MESSAGE_MAX, ReportText.MessageTooLong),
});
export type ReportFields = z.infer<typeof reportFieldsSchema>;

/** The answer: the report's id and the reference code the user quotes to support. */
export const reportCreatedSchema = z.object({
  id: zNumber().int().positive(),
  codice: zString(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;
