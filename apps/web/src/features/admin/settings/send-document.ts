/**
 * How every settings form saves (docs/group-configuration.md "While the server runs, and versions"):
 * the whole document with `based_on` the version read. A 422's problems go back to the form, which
 * puts them on its fields; any other failure is the save bar's to tell (useSaveFailure).
 */
import {
  type ConfigurationDocument,
  problemsOf,
  type SavedConfiguration,
} from '../../../api/admin-settings.ts';
import { ApiError } from '../../../api/client.ts';
import type { EditorFormProps } from './ConfigurationEditor.tsx';

export function sendDocument(
  save: EditorFormProps['save'],
  sent: ConfigurationDocument,
  version: number,
  onSaved: (saved: SavedConfiguration) => void,
  onRefused: (problems: string[]) => void,
): void {
  save.mutate(
    { document: sent, based_on: version },
    {
      onSuccess: onSaved,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) onRefused(problemsOf(error.body));
      },
    },
  );
}
