/** A modal dialog (React Aria: focus trap, Escape, focus restore, aria-modal) in the app's look. */
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { useTranslation } from '../i18n/i18n.ts';
import styles from './Dialog.module.css';
import { Icon } from './Icon.tsx';

interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom, primary last. */
  actions?: ReactNode;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Close on a click outside (not for confirmations). */
  dismissable?: boolean;
  wide?: boolean;
  testId?: string;
}

/** A modal that is open while rendered; closing calls onClose. */
export function Dialog({
  title,
  onClose,
  children,
  actions,
  role = 'dialog',
  dismissable = true,
  wide,
  testId,
}: DialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <I18nProvider locale={i18n.language}>
      <ModalOverlay
        isOpen
        isDismissable={dismissable}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        className={styles.overlay}
      >
        <Modal className={[styles.modal, wide && styles.wide].filter(Boolean).join(' ')}>
          <AriaDialog role={role} className={styles.dialog} data-testid={testId}>
            <div className={styles.header}>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
                <Icon name="close" />
              </button>
            </div>
            <div className={styles.body}>{children}</div>
            {actions && <div className={styles.actions}>{actions}</div>}
          </AriaDialog>
        </Modal>
      </ModalOverlay>
    </I18nProvider>
  );
}
