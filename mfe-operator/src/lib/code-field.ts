import { z } from 'zod';
import { texts } from './texts';

/** An authenticator code: 6 digits, spaces typed between them ignored. */
export const codeField = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, texts.form.code));
