import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { z } from 'zod';
import { Button, Card } from 'shared-ui';
import { TextAreaField } from 'shared-ui/text-area';
import { texts } from '../lib/texts';

export type ReasonFormProps = {
  /** What is declined, named in the heading (a transfer reference, a kit number). */
  subject: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
};

const REASON_MAX = 300;
const schema = z.object({ reason: z.string().trim().min(1, texts.decline.required).max(REASON_MAX, texts.decline.tooLong) });

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A decline and its reason (which the customer reads), under the list; the reason field takes focus. */
export function ReasonForm({ subject, busy, onSubmit, onCancel }: ReasonFormProps) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const headingId = useId();
  const { setFocus } = form;
  useEffect(() => setFocus('reason'), [setFocus, subject]);
  const submit = form.handleSubmit(({ reason }) => onSubmit(reason));
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.decline.title(subject)}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField label={texts.decline.reason} rows={3} maxLength={REASON_MAX} error={form.formState.errors.reason?.message} {...form.register('reason')} />
        <Actions>
          <Button type="submit" variant="danger" busy={busy}>
            {texts.decline.submit}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {texts.decline.cancel}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}
