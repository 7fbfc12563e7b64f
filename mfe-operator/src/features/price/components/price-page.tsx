import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Card, notify, TextField } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { LoadState } from '../../../components/load-state';
import { errorText } from '../../../lib/staff-api';
import { can, useStaffSession } from '../../../lib/staff-session';
import { texts } from '../../../lib/texts';
import { usePrice, useSetPrice } from '../api/price';

/** Whole naira, typed with or without thousands separators. */
const schema = z.object({
  amount: z
    .string()
    .transform((value) => value.replace(/[\s,]/g, ''))
    .pipe(z.string().regex(/^[1-9]\d{0,8}$/, texts.price.invalid))
    .transform(Number),
});

/** /staff/price: the plan price now, and (admin) a new one. */
export function PricePage() {
  const session = useStaffSession()!;
  const price = usePrice();
  const setPrice = useSetPrice();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { amount: '' } });

  const submit = form.handleSubmit(async ({ amount }) => {
    try {
      const answer = await setPrice.trigger(amount);
      notify.success(texts.price.changed(formatNaira(answer.plan_price)));
      form.reset();
    } catch (error) {
      notify.error(errorText(error, texts.price.failed));
    }
  });

  return (
    <>
      <h1>{texts.price.title}</h1>
      <LoadState isLoading={price.isLoading} error={price.error} failed={texts.price.loadFailed} retry={() => void price.mutate()} />
      {price.data && (
        <Card>
          <h2>{texts.price.current}</h2>
          <p data-testid="current-price">{formatNaira(price.data.plan_price)}</p>
        </Card>
      )}
      {can.setPrice(session.role) ? (
        <Card>
          <h2>{texts.price.change}</h2>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <TextField label={texts.price.amount} inputMode="numeric" error={form.formState.errors.amount?.message} {...form.register('amount')} />
            <Button type="submit" busy={form.formState.isSubmitting}>
              {texts.price.submit}
            </Button>
          </form>
        </Card>
      ) : (
        <p>{texts.price.adminOnly}</p>
      )}
    </>
  );
}
