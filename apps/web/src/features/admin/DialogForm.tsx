/**
 * The frame of the appointment dialog's forms, moving and cancelling (docs/back-office.md
 * "Appointment detail"): the form's title above the appointment it is about, the server's refusal,
 * and the back and go-ahead buttons.
 */
import { type FormEvent, type ReactNode, useId } from 'react';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { Button } from '../../ui/Button.tsx';
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import { ActionSummary } from './ActionSummary.tsx';
import styles from './appointment-actions.module.css';

interface DialogFormProps {
  title: string;
  appointment: AgendaAppointment;
  calendars: readonly AgendaCalendar[];
  onSubmit: (event: FormEvent) => void;
  testId: string;
  /** The fields, the failure and the buttons, under the summary. */
  children: ReactNode;
}

export function DialogForm({ title, appointment, calendars, onSubmit, testId, children }: DialogFormProps) {
  const id = useId();
  return (
    <form
      className={`${styles.form} ${forms.dense}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {title}
      </h3>
      <ActionSummary appointment={appointment} calendars={calendars} />
      {children}
    </form>
  );
}

/** The server's refusal; the alert stays in the page while empty, so that its text is announced. */
export function DialogFailure({ text, testId }: { text: string | null; testId: string }) {
  return (
    <div className={styles.error} role="alert" data-testid={testId}>
      {text !== null && (
        <>
          <Icon name="alert" size={18} />
          <span>{text}</span>
        </>
      )}
    </div>
  );
}

interface DialogButtonsProps {
  back: { text: string; onClick: () => void; testId: string };
  go: {
    text: string;
    testId: string;
    variant?: 'primary' | 'danger';
    /** While the server works: the button stays focusable, a second press does nothing. */
    pending?: boolean;
    /** Without it, the button submits the form. */
    onClick?: () => void;
  };
}

/** Back on the left, the go-ahead on the right (stacked on phones, the go-ahead on top). */
export function DialogButtons({ back, go }: DialogButtonsProps) {
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" onClick={back.onClick} data-testid={back.testId}>
        {back.text}
      </Button>
      <Button
        type={go.onClick ? 'button' : 'submit'}
        variant={go.variant}
        aria-disabled={go.pending}
        onClick={go.onClick}
        data-testid={go.testId}
      >
        {go.text}
      </Button>
    </div>
  );
}
