import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, notify } from 'shared-ui';
import { errorText } from '../lib/staff-api';
import { can, useStaffSession } from '../lib/staff-session';
import { ReasonForm } from './reason-form';
import { ListedTable, type ListedTableProps, type StaffColumn } from './staff-table';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`;

/**
 * A queue's decisions (kits under review, transfers): the row being decided or declined and the toast after; `run`
 * takes the subject and the call, which resolves to the text said on success.
 */
export function useDecisions(failed: string) {
  const [declining, setDeclining] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  const run = async (subject: string, action: () => Promise<string>) => {
    setWorking(subject);
    try {
      notify.success(await action());
      setDeclining(null);
    } catch (error) {
      notify.error(errorText(error, failed));
    } finally {
      setWorking(null);
    }
  };

  return { declining, setDeclining, working, run };
}

export type Decisions = ReturnType<typeof useDecisions>;

export type DecisionActionsProps = {
  decisions: Decisions;
  /** The row's key, named in the buttons' accessible names. */
  subject: string;
  declineLabel: string;
  /** The queue's own actions, before Decline. */
  children: ReactNode;
};

/** A row's actions: the queue's own, then Decline, which opens the reason form. */
export function DecisionActions({ decisions, subject, declineLabel, children }: DecisionActionsProps) {
  return (
    <Actions>
      {children}
      <Button
        variant="secondary"
        disabled={decisions.working === subject}
        aria-label={`${declineLabel} ${subject}`}
        onClick={() => decisions.setDeclining(subject)}
      >
        {declineLabel}
      </Button>
    </Actions>
  );
}

export type DeclineFormProps = {
  decisions: Decisions;
  /** Sends the decline; resolves to the text said on success. */
  decline: (subject: string, reason: string) => Promise<string>;
};

/** The reason form for the row being declined, under the list; nothing while none is. */
export function DeclineForm({ decisions: { declining, working, setDeclining, run }, decline }: DeclineFormProps) {
  if (!declining) return null;
  return (
    <ReasonForm
      subject={declining}
      busy={working === declining}
      onCancel={() => setDeclining(null)}
      onSubmit={(reason) => void run(declining, () => decline(declining, reason))}
    />
  );
}

export type DecisionQueueProps<T> = Pick<ListedTableProps<T>, 'read' | 'rows' | 'columns'> & {
  /** The queue's catalogue entry (texts.kits, texts.transfers). */
  words: { title: string; readOnly: string; loadFailed: string; empty: string; caption: string; actions: string; decline: string; failed: string };
  /** Under the title, before the read-only note. */
  intro?: ReactNode;
  /** The row's key, named in its buttons and the reason form's heading. */
  subject: (row: T) => string;
  /** The row's own actions, before Decline. */
  decide: (row: T, decisions: Decisions) => ReactNode;
  /** Sends a decline; resolves to the text said on success. */
  decline: (subject: string, reason: string) => Promise<string>;
};

/**
 * A staff queue page (kits under review, transfers): the list, oldest first, with an actions column for the roles that
 * decide (a note for the others), and the reason form under it for the row being declined.
 */
export function DecisionQueue<T>({ words, intro, read, rows, columns, subject, decide, decline }: DecisionQueueProps<T>) {
  const session = useStaffSession()!;
  const decisions = useDecisions(words.failed);
  const decides = can.decide(session.role);
  const actions: StaffColumn<T> = {
    label: words.actions,
    cell: (row) => (
      <DecisionActions decisions={decisions} subject={subject(row)} declineLabel={words.decline}>
        {decide(row, decisions)}
      </DecisionActions>
    ),
  };

  return (
    <>
      <h1>{words.title}</h1>
      {intro}
      {!decides && <p>{words.readOnly}</p>}
      <ListedTable
        read={read}
        rows={rows}
        failed={words.loadFailed}
        empty={words.empty}
        caption={words.caption}
        columns={decides ? [...columns, actions] : columns}
        rowKey={subject}
      />
      <DeclineForm decisions={decisions} decline={decline} />
    </>
  );
}
