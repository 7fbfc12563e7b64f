import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

function Harness({ preventClose = false }: { preventClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} title="Edit Kit Address" onClose={() => setOpen(false)} preventClose={preventClose}>
        <label>
          Address
          <input data-autofocus />
        </label>
        <button type="button">Save</button>
      </Dialog>
    </>
  );
}

afterEach(() => jest.restoreAllMocks());

/** Presses Tab (or Shift+Tab) once per stop, and expects each control of `dialog` to have the focus in turn. */
async function expectTabStops(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  stops: Array<['button' | 'textbox', string]>,
  options?: { shift: boolean },
) {
  for (const [role, name] of stops) {
    await user.tab(options);
    expect(within(dialog).getByRole(role, { name })).toHaveFocus();
  }
}

describe('Dialog', () => {
  // The browser makes the page inert (e2e/tests/keyboard.spec.ts); going round from the last control is the dialog's.
  it('is a labelled native modal dialog that focuses the marked field, keeps Tab inside, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Edit Kit Address' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveFocus();

    await expectTabStops(user, dialog, [
      ['button', 'Save'],
      ['button', 'Close'],
      ['textbox', 'Address'],
    ]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('can open on its title rather than Close, and Tab moves on from it inside the dialog, both ways', async () => {
    const user = userEvent.setup();
    render(
      <Dialog open title="Payment Details" onClose={() => undefined} initialFocus="title">
        <button type="button">Copy reference</button>
        <button type="button">I have made the payment</button>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Payment Details' });
    expect(within(dialog).getByRole('heading', { name: 'Payment Details' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    within(dialog).getByRole('heading', { name: 'Payment Details' }).focus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'I have made the payment' })).toHaveFocus();
  });

  it('stays open on Escape while a request runs', async () => {
    const user = userEvent.setup();
    render(<Harness preventClose />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit Kit Address' })).toBeInTheDocument();
  });

  it('returns focus to a button that lost focus while it was busy', async () => {
    function BusyOpener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={(event) => {
              // What a browser does to a focused button that turns disabled while its request runs.
              event.currentTarget.blur();
              setOpen(true);
            }}
          >
            Activate
          </button>
          <Dialog open={open} title="Insufficient Funds" onClose={() => setOpen(false)}>
            <button type="button">Cancel</button>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<BusyOpener />);
    const activate = screen.getByRole('button', { name: 'Activate' });
    await user.click(activate);
    expect(screen.getByRole('dialog', { name: 'Insufficient Funds' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(activate).toHaveFocus();
  });

  it('has a Close button with an accessible name and a target of at least 24 px', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
    // jsdom has no layout: the styled minimum size is what the browser lays out (checked again in e2e).
    const style = getComputedStyle(close);
    expect(parseFloat(style.minWidth)).toBeGreaterThanOrEqual(24);
    expect(parseFloat(style.minHeight)).toBeGreaterThanOrEqual(24);
  });

  it('puts focus on the page heading when it closes and nothing on the page opened it', async () => {
    function OpenedByThePage() {
      const [open, setOpen] = useState(true);
      return (
        <main>
          <h1>Home</h1>
          <button type="button">Fund wallet</button>
          <Dialog open={open} title="Email verification" onClose={() => setOpen(false)}>
            <button type="button">Send code</button>
          </Dialog>
        </main>
      );
    }
    const user = userEvent.setup();
    render(<OpenedByThePage />);
    expect(
      within(screen.getByRole('dialog', { name: 'Email verification' })).getByRole('button', { name: 'Close' }),
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
    // The next Tab goes on from the page, not from the document's start.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Fund wallet' })).toHaveFocus();
  });

  it('puts focus on the page heading when its opener, given focus back, is removed just after', async () => {
    function VerifyOnce() {
      const [verified, setVerified] = useState(false);
      const [open, setOpen] = useState(false);
      return (
        <main>
          <h1>Profile</h1>
          {verified ? (
            <p>Verified</p>
          ) : (
            <button type="button" onClick={() => setOpen(true)}>
              Verify
            </button>
          )}
          <button type="button">Log out</button>
          <Dialog open={open} title="Phone/WhatsApp verification" onClose={() => setOpen(false)}>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                // The store of the verified state answers in a later render than the dialog's own close.
                setTimeout(() => setVerified(true), 10);
              }}
            >
              Verify WhatsApp number
            </button>
          </Dialog>
        </main>
      );
    }
    const user = userEvent.setup();
    render(<VerifyOnce />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(screen.getByRole('button', { name: 'Verify WhatsApp number' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toHaveFocus());
  });

  it("keeps its height within a phone's visible viewport, the address bar excluded, with a fallback for older browsers", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Kit Address' });
    // jsdom has no layout and drops what it cannot parse: read the panel's rules as the browser receives them.
    // eslint-disable-next-line testing-library/no-node-access -- the page's style sheets, not its content
    const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n');
    const declarations = Array.from(dialog.classList).flatMap((name) =>
      Array.from(css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g')), (rule) => rule[1]!),
    );
    const maxHeights = declarations.join(';').match(/max-height:[^;]+/g);
    // The browser uses the last value it understands: the dynamic viewport where it is known, 100vh before that.
    // Less the room the toast host asks for above a panel as tall as the screen (none unless messages show).
    expect(maxHeights).toEqual([
      'max-height:calc(100vh - 24px - var(--toast-room, 0px))',
      'max-height:calc(100dvh - 24px - var(--toast-room, 0px))',
    ]);
  });
});

/** Two areas' dialogs, the way billing's Payment Details and the profile's Email verification meet. */
function Stacked() {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setFirst(true)}>
        Open first
      </button>
      <Dialog open={first} title="Payment Details" onClose={() => setFirst(false)}>
        <button type="button" onClick={() => setSecond(true)}>
          Open second
        </button>
        <button type="button">Pay</button>
      </Dialog>
      <Dialog open={second} title="Email verification" onClose={() => setSecond(false)}>
        <label>
          Code
          <input data-autofocus />
        </label>
        <button type="button">Verify</button>
      </Dialog>
    </>
  );
}

describe('Dialog stack', () => {
  // Which dialog is above and which are inert is the browser's top layer (e2e/tests/keyboard.spec.ts, two areas' dialogs).
  it('opens each dialog as a modal, the later one last, so the browser puts it on top', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const showModal = HTMLDialogElement.prototype.showModal;
    jest.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(function (this: HTMLDialogElement) {
      opened.push(within(this).getByRole('heading', { hidden: true }).textContent!);
      showModal.call(this);
    });
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Payment Details' })).getByRole('button', { name: 'Open second' }),
    );
    const second = screen.getByRole('dialog', { name: 'Email verification' });

    expect(opened).toEqual(['Payment Details', 'Email verification']);
    expect(within(second).getByRole('textbox', { name: 'Code' })).toHaveFocus();
  });

  it('keeps Tab in the top dialog', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    await user.click(screen.getByRole('button', { name: 'Open second' }));
    const second = screen.getByRole('dialog', { name: 'Email verification' });

    await expectTabStops(user, second, [
      ['button', 'Verify'],
      ['button', 'Close'],
      ['textbox', 'Code'],
    ]);
    await expectTabStops(
      user,
      second,
      [
        ['button', 'Close'],
        ['button', 'Verify'],
      ],
      { shift: true },
    );
  });

  it('closes only the top dialog on Escape, then returns focus to its opener in the dialog below', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    const openSecond = screen.getByRole('button', { name: 'Open second' });
    await user.click(openSecond);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Email verification' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Payment Details' })).toBeInTheDocument();
    expect(openSecond).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open first' })).toHaveFocus();
  });

  it('leaves focus in the top dialog when the one below closes on its own', () => {
    function Controlled({ first, second }: { first: boolean; second: boolean }) {
      return (
        <>
          <Dialog open={first} title="Payment Details" onClose={() => undefined}>
            <button type="button">Pay</button>
          </Dialog>
          <Dialog open={second} title="Email verification" onClose={() => undefined}>
            <label>
              Code
              <input data-autofocus />
            </label>
          </Dialog>
        </>
      );
    }
    const { rerender } = render(<Controlled first second={false} />);
    rerender(<Controlled first second />);
    const code = within(screen.getByRole('dialog', { name: 'Email verification' })).getByRole('textbox', {
      name: 'Code',
    });
    expect(code).toHaveFocus();
    rerender(<Controlled first={false} second />);
    expect(code).toHaveFocus();
  });

  it('hands Escape to the dialog below once the top one has gone', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    await user.click(screen.getByRole('button', { name: 'Open second' }));
    // Closed by its own button, not by Escape.
    await user.click(
      within(screen.getByRole('dialog', { name: 'Email verification' })).getByRole('button', { name: 'Close' }),
    );
    expect(screen.getByRole('dialog', { name: 'Payment Details' })).toBeInTheDocument();
    await act(async () => undefined);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
