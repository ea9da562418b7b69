/**
 * A settings form's draft: made once from the document read, and while it differs from what was
 * read (and no save is on its way), closing or reloading the page asks first.
 */
import { useState } from 'react';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import type { EditorFormProps } from './ConfigurationEditor.tsx';

export function useFormDraft<D>(
  document: ConfigurationDocument,
  draftOf: (document: ConfigurationDocument) => D,
  save: EditorFormProps['save'],
  /** Edits the form keeps outside this draft (the opening hours' dated changes). */
  otherEdits = false,
) {
  const [read] = useState<D>(() => draftOf(document));
  const [draft, setDraft] = useState<D>(read);
  useLeaveWarning(!save.isPending && (otherEdits || JSON.stringify(draft) !== JSON.stringify(read)));
  return [draft, setDraft, read] as const;
}
