/**
 * The wording of every mail, one file per interface language. Texts are plain (the layout escapes
 * them for HTML) and use {placeholders}; a test checks each language has every key, the same
 * placeholders as English, and no English left untranslated.
 */
import type { Locale } from '@creneau/core/locales';
import { br } from './br.ts';
import { cs } from './cs.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { hr } from './hr.ts';
import { hu } from './hu.ts';
import { it } from './it.ts';
import type { MailMessages } from './mail-message-keys.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { sk } from './sk.ts';

export const MAIL_MESSAGES: Record<Locale, MailMessages> = {
  br,
  cs,
  de,
  en,
  es,
  fr,
  hr,
  hu,
  it,
  nl,
  pl,
  pt,
  sk,
};
