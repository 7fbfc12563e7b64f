import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemoteModule } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { FUNDING_UNAVAILABLE_MESSAGE } from '../../lib/texts';

/** The props of billing's `FundWalletDialog` (`billing/./fund-wallet`) this area passes. */
export interface FundWalletDialogProps {
  open: boolean;
  onClose: () => void;
  /** The amount asked (an amount due): billing offers it less what was already sent. */
  initialAmount?: number;
}

type FundDialogComponent = ComponentType<FundWalletDialogProps>;

async function loadFundDialog(): Promise<FundDialogComponent> {
  // The federation runtime caches the module, so asking again on each page is cheap, and a failed
  // load is retried on the next click.
  const module = await loadRemoteModule<{ FundWalletDialog?: unknown }>('billing', './fund-wallet');
  if (typeof module?.FundWalletDialog !== 'function') throw new Error('billing/fund-wallet has no FundWalletDialog');
  return module.FundWalletDialog as FundDialogComponent;
}

export interface FundWalletDialogControl {
  /**
   * Open billing's Fund Account dialog, prefilled with `initialAmount` when given. Resolves true once it is open;
   * false when billing could not be loaded (the customer is told) or an opening was already under way.
   */
  openFundDialog: (initialAmount?: number) => Promise<boolean>;
  /** True while the billing area's code is being fetched (slow networks). */
  loading: boolean;
  /** Render this once in the page. */
  fundDialog: ReactNode;
}

/**
 * The Fund Account dialog belongs to the billing area; this opens the one billing exposes through
 * Module Federation. If billing cannot be loaded the customer is told, and the kits area keeps working.
 */
export function useFundWalletDialog(): FundWalletDialogControl {
  const [Dialog, setDialog] = useState<FundDialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  const [initialAmount, setInitialAmount] = useState<number | undefined>(undefined);
  const [loading, run] = useSingleFlight();
  // A new key per opening, so the prefill of this opening is what the dialog starts from.
  const [openCount, setOpenCount] = useState(0);

  const openFundDialog = useCallback(
    async (amount?: number) => {
      const opened = await run(async () => {
        try {
          const component = await loadFundDialog();
          // A component is itself a function: wrap it so React stores it instead of calling it.
          setDialog(() => component);
          setInitialAmount(amount !== undefined && Number.isFinite(amount) && amount > 0 ? amount : undefined);
          setOpenCount((n) => n + 1);
          setOpen(true);
          return true;
        } catch {
          notify.error(FUNDING_UNAVAILABLE_MESSAGE);
          return false;
        }
      });
      return opened === true;
    },
    [run],
  );

  const close = useCallback(() => setOpen(false), []);

  const fundDialog = Dialog ? (
    <Dialog key={openCount} open={open} onClose={close} initialAmount={initialAmount} />
  ) : null;
  return { openFundDialog, loading, fundDialog };
}
