import { useId, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { paths, type Kit } from 'shared-api';
import { OfflineNote } from 'shared-ui/network';
import { Button, SpreadRow, VisuallyHidden, theme } from 'shared-ui';
import { StatusBadge } from 'shared-ui/status-badge';
import { Skeleton, TextSkeleton } from 'shared-ui/skeleton';
import { kitNextStep } from 'portal-rules';
import { ButtonLink } from '../../../components/styles';
import { homeStatus, toneOfClass } from '../../../lib/kit-status';
import { nextStepText } from '../../../lib/next-step';
import { renewalSentence } from '../../../lib/renewal-price';
import type { Connection } from '../../../lib/use-connection';
import type { PlanPrice } from '../../prices/api/get-plan-price';

export type KitCardProps = {
  kit: Kit;
  /** While the price is asked for or the activation is on its way. */
  activating: boolean;
  savingAutoRenew: boolean;
  onActivate: (kit: Kit) => void;
  onAutoRenewChange: (kit: Kit, autoRenew: boolean) => void;
  /** Offline or while the service cannot be reached, Activate waits and says why (the page's `useConnection`). */
  connection: Connection;
  /** The scheduled plan price change, or null: said beside the next renewal. */
  priceChange: PlanPrice['scheduled'];
};

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 14px;
  border: 1px solid ${theme.colors.border};
  border-radius: 12px;
  background: ${theme.colors.surface};
  min-width: 0;
`;

const Header = styled(SpreadRow)`
  h3 {
    margin: 0;
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
`;

const Detail = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  overflow-wrap: anywhere;
`;

const NextStep = styled.p`
  margin: 0;
  font-size: 0.95rem;
`;

const Footer = styled(SpreadRow)`
  margin-top: auto;
`;

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  cursor: pointer;
  input {
    width: 24px;
    height: 24px;
    accent-color: ${theme.colors.primary};
    cursor: inherit;
  }
  input:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  input:disabled {
    cursor: progress;
  }
`;

/** One kit of the home list: a card, so the list stacks on a phone instead of scrolling sideways. */
export function KitCard({ kit, activating, savingAutoRenew, onActivate, onAutoRenewChange, connection, priceChange }: KitCardProps) {
  const { label, styleClass } = homeStatus(kit.status);
  // The lifecycle's next step (portal-rules): Activate on the card for a kit never paid for; every other
  // step is on the kit's page (Manage), with a sentence saying what it is or who acts next.
  const step = kitNextStep(kit.status, kit.deadline);
  const canActivate = step.charge === 'activate';
  const manageRef = useRef<HTMLAnchorElement>(null);
  // A payment always goes to the API: offline or while it cannot be reached, the button says why it cannot be used.
  const { usable, paymentsReason } = connection;
  // What the next period costs, for a kit that can be paid for (not one under review or declined).
  const renewal = step.charge ? renewalSentence(kit, priceChange) : null;
  const offlineNoteId = useId();
  const couldActivate = useRef(canActivate);
  useLayoutEffect(() => {
    // The Activate button pressed is gone and the browser dropped its focus to the page's start: Manage, in its place, takes it.
    if (couldActivate.current && !canActivate && (document.activeElement === null || document.activeElement === document.body)) {
      manageRef.current?.focus();
    }
    couldActivate.current = canActivate;
  }, [canActivate]);
  return (
    <Item data-testid="kit-card">
      <Header>
        <h3>{kit.kit_number}</h3>
        <StatusBadge
          $tone={toneOfClass(styleClass)}
          className={`kit-status kit-status--${styleClass}`}
          data-testid="kit-status"
          data-status-class={styleClass}
        >
          <VisuallyHidden>Status: </VisuallyHidden>
          {label}
        </StatusBadge>
      </Header>
      {kit.company_name ? <Detail>{kit.company_name}</Detail> : null}
      {kit.address ? <Detail>{kit.address}</Detail> : null}
      <NextStep data-testid="kit-next-step">{nextStepText(step, kit.deadline !== undefined)}</NextStep>
      {renewal && <Detail data-testid="kit-renewal">{renewal}</Detail>}
      <Footer>
        <Switch>
          <input
            type="checkbox"
            role="switch"
            checked={Boolean(kit.auto_renew)}
            disabled={savingAutoRenew}
            aria-busy={savingAutoRenew || undefined}
            onChange={(event) => onAutoRenewChange(kit, event.target.checked)}
          />
          Auto-renew<VisuallyHidden> for {kit.kit_number}</VisuallyHidden>
        </Switch>
        {canActivate ? (
          <Button
            busy={activating}
            disabled={!usable}
            aria-describedby={usable ? undefined : offlineNoteId}
            onClick={() => onActivate(kit)}
          >
            Activate<VisuallyHidden> {kit.kit_number}</VisuallyHidden>
          </Button>
        ) : (
          <ButtonLink ref={manageRef} to={paths.dashboard(kit.id)}>
            Manage<VisuallyHidden> {kit.kit_number}</VisuallyHidden>
          </ButtonLink>
        )}
      </Footer>
      {canActivate && paymentsReason && <OfflineNote id={offlineNoteId}>{paymentsReason}</OfflineNote>}
    </Item>
  );
}

/** A kit card's frame while the list loads: the same box, lines and footer height as a card with an address. */
export function KitCardSkeleton() {
  return (
    <Item as="div" aria-hidden="true">
      <Header>
        <h3>
          <TextSkeleton chars={12} />
        </h3>
        <StatusBadge $tone="neutral">
          <TextSkeleton chars={7} />
        </StatusBadge>
      </Header>
      <Detail>
        <TextSkeleton chars={24} />
      </Detail>
      <NextStep>
        <TextSkeleton chars={40} />
      </NextStep>
      <Detail>
        <TextSkeleton chars={34} />
      </Detail>
      <Footer>
        <Skeleton $height={44} $width="9rem" />
        <Skeleton $height={44} $width="6rem" />
      </Footer>
    </Item>
  );
}
