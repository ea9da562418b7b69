/**
 * The back office's texts (the `admin` part, see i18n.ts): their loaders register when the back
 * office loads, then the part is fetched for the page's language.
 */
import { loadPart, registerTexts, type Texts } from './i18n.ts';

registerTexts(import.meta.glob<Texts>('./locales/admin/*.json', { import: 'default' }));

export const loadAdminTexts = () => loadPart('admin');
