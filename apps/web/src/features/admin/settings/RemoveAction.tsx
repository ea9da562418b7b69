/** The remove button of an item of the services or the places form, or why it cannot go yet. */
import { useId } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import settings from './settings.module.css';

export interface RemoveActionProps {
  label: string;
  /** Why the item cannot be removed now; null when it can. */
  blockedBy: string | null;
  onRemove: () => void;
  testId: string;
}

export function RemoveAction({ label, blockedBy, onRemove, testId }: RemoveActionProps) {
  const id = useId();
  return (
    <div className={settings.itemActions}>
      <Button
        variant="ghost"
        size="s"
        aria-disabled={blockedBy ? true : undefined}
        aria-describedby={blockedBy ? id : undefined}
        onClick={() => {
          if (!blockedBy) onRemove();
        }}
        data-testid={testId}
      >
        <Icon name="close" size={16} />
        {label}
      </Button>
      {blockedBy && (
        <p id={id} className={settings.hint}>
          {blockedBy}
        </p>
      )}
    </div>
  );
}
