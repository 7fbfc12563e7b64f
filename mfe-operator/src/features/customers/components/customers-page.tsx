import { useState, type FormEvent } from 'react';
import { Button, Card, TextField } from 'shared-ui';
import { Link, useSearchParams } from 'shared-ui/router';
import { staffPaths } from '../../../app/staff-paths';
import { LoadState } from '../../../components/load-state';
import { texts } from '../../../lib/texts';
import { useCustomerSearch } from '../api/customers';

/** /staff/customers?q=…: one field for an email, a phone number, a kit number or a transfer reference. */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const found = useCustomerSearch(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };

  return (
    <>
      <h1>{texts.customers.title}</h1>
      <Card>
        <form onSubmit={submit} role="search">
          <TextField label={texts.customers.search} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
          <Button type="submit">{texts.customers.submit}</Button>
        </form>
      </Card>
      <LoadState isLoading={found.isLoading} error={found.error} failed={texts.customers.loadFailed} retry={() => void found.mutate()} />
      {found.data && found.data.customers.length === 0 && <p role="status">{texts.customers.none}</p>}
      {found.data && found.data.customers.length > 0 && (
        <section aria-label={texts.customers.results}>
          <ul>
            {found.data.customers.map((customer) => (
              <li key={customer.id}>
                <Link to={staffPaths.customer(customer.id)} aria-label={texts.customers.open(customer.name)}>
                  {customer.name}
                </Link>{' '}
                · {customer.email} · {customer.phone_number}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
