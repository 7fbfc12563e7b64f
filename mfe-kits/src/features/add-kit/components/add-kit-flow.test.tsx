import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, storageKeys } from 'shared-api';
import { handle, signInAs } from 'shared-api/testing';
import { renderPage } from '../../../testing/render-page';
import { useKits } from '../../home/api/get-kits';
import { AddKitFlow } from './add-kit-flow';

/** The kit list a page shows beside the flow: how many kits its first page has. */
function KitCount() {
  const { data } = useKits(1);
  return <output aria-label="Kits listed">{data ? data.kits.length : 'loading'}</output>;
}

function setup() {
  const onClose = jest.fn();
  let kits: { id: number; kit_number: string }[] = [];
  handle('get', '/api/v1/starlink_kits', () => Response.json({ kits, total_pages: 1, total_count: kits.length }));
  renderPage(
    <>
      <AddKitFlow onClose={onClose} />
      <KitCount />
    </>,
  );
  return { onClose, user: userEvent.setup(), addKit: () => (kits = [{ id: 1, kit_number: 'KIT-ABC' }]) };
}

async function passStepOne(user: ReturnType<typeof userEvent.setup>, kitNumber = 'KIT-NEW-1') {
  handle('get', '/api/v1/starlink_kits/check_kit_number', { exists: false });
  const dialog = screen.getByRole('dialog', { name: 'Add kit' });
  await user.type(within(dialog).getByLabelText('Kit number'), kitNumber);
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return screen.findByRole('dialog', { name: 'Kit details' });
}

beforeEach(() => {
  signInAs();
  handle('get', '/api/v1/starlink_wallet_fundings', []);
});

describe('Add kit, step 1', () => {
  it('requires a kit number before asking the server', async () => {
    const { user } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Add kit' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Kit number is required.');
    expect(within(dialog).getByLabelText('Kit number')).toHaveAccessibleDescription('Kit number is required.');
  });

  it('says when the kit number is already registered', async () => {
    const { user } = setup();
    const calls = handle('get', '/api/v1/starlink_kits/check_kit_number', { exists: true });
    const dialog = screen.getByRole('dialog', { name: 'Add kit' });
    expect(within(dialog).getByLabelText('Kit number')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Kit number'), ' KIT-9 ');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This kit number is already registered.');
    expect(calls[0]!.url.searchParams.get('kit_number')).toBe('KIT-9');
    expect(sessionStore.getState().tempKitNumber).toBeNull();
  });

  it('shows the server message, or the catalogued one, when the check fails', async () => {
    const { user } = setup();
    handle('get', '/api/v1/starlink_kits/check_kit_number', { message: 'Kit number is invalid' }, { status: 400 });
    const dialog = screen.getByRole('dialog', { name: 'Add kit' });
    await user.type(within(dialog).getByLabelText('Kit number'), 'K!');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Kit number is invalid')).toBeInTheDocument();

    handle('get', '/api/v1/starlink_kits/check_kit_number', {}, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to check kit number. Please try again.')).toBeInTheDocument();
  });

  it('keeps the checked kit number as tempKitNumber and goes to step 2', async () => {
    const { user } = setup();
    const details = await passStepOne(user);
    expect(within(details).getByText('KIT-NEW-1')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.tempKitNumber)).toBe('KIT-NEW-1');
  });
});

describe('Add kit, step 2', () => {
  it('requires the address and an 11-digit NIN, focusing the first invalid field', async () => {
    const { user } = setup();
    const details = await passStepOne(user);
    await user.click(within(details).getByRole('button', { name: 'Add kit' }));
    expect(within(details).getByLabelText('Full address')).toHaveAccessibleDescription('Full address is required.');
    expect(within(details).getByLabelText('Full address')).toHaveFocus();
    // Multi-line, so a long address wraps where it can be read.
    expect(within(details).getByLabelText('Full address').tagName).toBe('TEXTAREA');
    expect(within(details).getByText('NIN is required.')).toBeInTheDocument();

    await user.type(within(details).getByLabelText('Full address'), '12 Marina Road, Lagos');
    await user.type(within(details).getByLabelText('NIN'), '1234');
    await user.click(within(details).getByRole('button', { name: 'Add kit' }));
    expect(within(details).getByText('NIN must be 11 digits.')).toBeInTheDocument();
    expect(within(details).getByLabelText('NIN')).toHaveFocus();
  });

  it('sends exactly the spec body, then clears tempKitNumber and refreshes the list', async () => {
    const { user, onClose, addKit } = setup();
    expect(await screen.findByRole('status', { name: 'Kits listed' })).toHaveTextContent('0');
    const details = await passStepOne(user, 'KIT-ABC');
    addKit();
    const calls = handle('post', '/api/v1/starlink_kits', { message: 'ok', kit: { id: 1 } }, { status: 201 });
    await user.type(within(details).getByLabelText('Kit user or company name (optional)'), 'Okafor Ltd');
    await user.type(within(details).getByLabelText('Full address'), '12 Marina Road, Lagos');
    await user.type(within(details).getByLabelText('NIN'), '12345678901');
    await user.dblClick(within(details).getByRole('button', { name: 'Add kit' }));
    expect(await screen.findByText('Starlink kit added successfully!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      kit_number: 'KIT-ABC',
      address: '12 Marina Road, Lagos',
      nin: '12345678901',
      company_name: 'Okafor Ltd',
      company_number: '',
    });
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByRole('status', { name: 'Kits listed' })).toHaveTextContent('1');
    expect(localStorage.getItem(storageKeys.tempKitNumber)).toBeNull();
  });

  it('keeps everything typed when adding fails', async () => {
    const { user, onClose } = setup();
    const details = await passStepOne(user);
    handle('post', '/api/v1/starlink_kits', { message: 'bad' }, { status: 422 });
    await user.type(within(details).getByLabelText('Full address'), '12 Marina Road, Lagos');
    await user.type(within(details).getByLabelText('NIN'), '12345678901');
    await user.click(within(details).getByRole('button', { name: 'Add kit' }));
    expect(await screen.findByText('Failed to add Starlink kit. Please try again.')).toBeInTheDocument();
    expect(within(details).getByLabelText('Full address')).toHaveValue('12 Marina Road, Lagos');
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionStore.getState().tempKitNumber).toBe('KIT-NEW-1');
  });

  it('keeps the details typed when the customer goes back to change the kit number', async () => {
    const { user } = setup();
    let details = await passStepOne(user);
    await user.type(within(details).getByLabelText('Kit user or company name (optional)'), 'Ada Farms');
    await user.type(within(details).getByLabelText('Full address'), '12 Marina Road, Lagos');
    await user.type(within(details).getByLabelText('NIN'), '12345678901');
    await user.click(within(details).getByRole('button', { name: 'Change' }));

    const first = screen.getByRole('dialog', { name: 'Add kit' });
    const kitNumber = within(first).getByLabelText('Kit number');
    await user.clear(kitNumber);
    details = await passStepOne(user, 'KIT-NEW-2');
    expect(within(details).getByText('KIT-NEW-2')).toBeInTheDocument();
    expect(within(details).getByLabelText('Kit user or company name (optional)')).toHaveValue('Ada Farms');
    expect(within(details).getByLabelText('Full address')).toHaveValue('12 Marina Road, Lagos');
    expect(within(details).getByLabelText('NIN')).toHaveValue('12345678901');
  });

  it('says activation data is missing when tempKitNumber disappeared', async () => {
    const { user } = setup();
    const details = await passStepOne(user);
    await user.type(within(details).getByLabelText('Full address'), '12 Marina Road, Lagos');
    await user.type(within(details).getByLabelText('NIN'), '12345678901');
    act(() => sessionStore.getState().setTempKitNumber(null));
    await user.click(within(details).getByRole('button', { name: 'Add kit' }));
    expect(await screen.findByText('Missing activation data. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add kit' })).toBeInTheDocument();

    // Checking the kit number again finds the details as they were typed.
    const details2 = await passStepOne(user, 'KIT-NEW-1');
    expect(within(details2).getByLabelText('Full address')).toHaveValue('12 Marina Road, Lagos');
  });

  it('resumes at the details step after a reload mid-flow', () => {
    sessionStore.getState().setTempKitNumber('KIT-SAVED');
    setup();
    const details = screen.getByRole('dialog', { name: 'Kit details' });
    expect(within(details).getByText('KIT-SAVED')).toBeInTheDocument();
  });
});
