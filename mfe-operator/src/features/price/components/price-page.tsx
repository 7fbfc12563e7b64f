import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { z } from 'zod';
import { Button, Card, TextField } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { LoadState } from '../../../components/load-state';
import { errorText } from '../../../lib/staff-api';
import { can, useStaffSession } from '../../../lib/staff-session';
import { texts } from '../../../lib/texts';
import { earliestDay, earliestFromOf, lagosDay, PRICE_NOTICE_DAYS, usePrice, useSetPrice } from '../api/price';

/** Whole naira (with or without thousands separators), the Lagos day it takes effect, and force; a day unless forced. */
const schema = z
  .object({
    amount: z
      .string()
      .transform((value) => value.replace(/[\s,]/g, ''))
      .pipe(z.string().regex(/^[1-9]\d{0,8}$/, texts.price.invalid))
      .transform(Number),
    from: z.string().refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), texts.price.fromInvalid),
    force: z.boolean(),
  })
  .refine(({ from, force }) => force || from !== '', { path: ['from'], message: texts.price.fromRequired });

type FormInput = z.input<typeof schema>;

const Check = styled.label`
  display: flex;
  gap: 8px;
  align-items: center;
  min-height: 44px;
  font-weight: 600;
  input {
    width: 20px;
    height: 20px;
    margin: 0;
  }
`;

const Warning = styled.p`
  margin: 0 0 16px;
`;

/** "14th Dec 2026" for a YYYY-MM-DD day. */
const dayText = (day: string) => formatDate(lagosDay(`${day}T00:00:00+01:00`));

/** /staff/price: the plan price now and the change to come, and (admin) a new price from a day, customers told. */
export function PricePage() {
  const session = useStaffSession()!;
  const price = usePrice();
  const setPrice = useSetPrice();
  const [soonest, setSoonest] = useState(() => earliestDay());
  const [outcome, setOutcome] = useState<{ done: boolean; text: string } | null>(null);
  const warningId = useId();
  const form = useForm<FormInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', from: soonest, force: false },
  });
  const force = form.watch('force');

  const submit = form.handleSubmit(async ({ amount, from, force }) => {
    setOutcome(null);
    try {
      const answer = await setPrice.trigger({ plan_price: amount, ...(from ? { from } : {}), ...(force ? { force } : {}) });
      setOutcome({ done: true, text: answer.message });
      form.reset({ amount: '', from: earliestDay(), force: false });
    } catch (error) {
      // Too soon: the form offers the first day the API named.
      const earliest = earliestFromOf(error);
      if (earliest) {
        setSoonest(earliest);
        form.setValue('from', earliest);
      }
      setOutcome({ done: false, text: errorText(error, texts.price.failed) });
    }
  });

  const scheduled = price.data?.scheduled;
  return (
    <>
      <h1>{texts.price.title}</h1>
      <LoadState isLoading={price.isLoading} error={price.error} failed={texts.price.loadFailed} retry={() => void price.mutate()} />
      {price.data && (
        <Card>
          <h2>{texts.price.current}</h2>
          <p data-testid="current-price">{formatNaira(price.data.plan_price)}</p>
          <h2>{texts.price.scheduledTitle}</h2>
          <p data-testid="scheduled-price">
            {scheduled ? texts.price.scheduled(formatDate(lagosDay(scheduled.from)), formatNaira(scheduled.plan_price)) : texts.price.noneScheduled}
          </p>
        </Card>
      )}
      {can.setPrice(session.role) ? (
        <Card>
          <h2>{texts.price.change}</h2>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <TextField label={texts.price.amount} inputMode="numeric" error={form.formState.errors.amount?.message} {...form.register('amount')} />
            <TextField
              label={texts.price.from}
              type="date"
              min={force ? undefined : soonest}
              hint={texts.price.fromHint(PRICE_NOTICE_DAYS, dayText(soonest))}
              error={form.formState.errors.from?.message}
              {...form.register('from')}
            />
            <Check>
              <input type="checkbox" aria-describedby={warningId} {...form.register('force')} />
              {texts.price.force}
            </Check>
            <Warning id={warningId}>{texts.price.forceWarning(PRICE_NOTICE_DAYS)}</Warning>
            <Button type="submit" busy={form.formState.isSubmitting}>
              {texts.price.submit}
            </Button>
          </form>
          <p role="status">{outcome?.done ? outcome.text : ''}</p>
          {outcome && !outcome.done && <p role="alert">{outcome.text}</p>}
        </Card>
      ) : (
        <p>{texts.price.adminOnly}</p>
      )}
    </>
  );
}
