/**
 * The mini-site's links (docs/group-configuration.md "`website`"): the business's own web site,
 * whether the social links and the contact e-mail are shown, each network's page, and the e-mail.
 * Each link is an https address, checked in the browser by the server's own rule.
 */
import { usePart } from '../../../i18n/i18n.ts';
import type { ControlProps } from './RuleControls.tsx';
import { Toggle } from './RuleControls.tsx';
import { SiteTextField } from './SiteTextField.tsx';
import settings from './settings.module.css';
import { type LinkField, type SiteDraft, SOCIAL_NETWORKS } from './site-draft.ts';

const PLACEHOLDERS: Record<LinkField, string> = {
  websiteLink: 'https://www.example.com',
  facebook: 'https://www.facebook.com/…',
  twitterX: 'https://x.com/…',
  instagram: 'https://www.instagram.com/…',
  snapchat: 'https://www.snapchat.com/add/…',
};

export function SocialLinks({
  draft,
  control,
  set,
}: {
  draft: SiteDraft;
  control: (field: keyof SiteDraft) => ControlProps;
  set: <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => void;
}) {
  const { t } = usePart('admin');
  const link = (field: LinkField) => (
    <SiteTextField
      key={field}
      control={control(field)}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      type="url"
      inputMode="url"
      placeholder={PLACEHOLDERS[field]}
    />
  );
  return (
    <fieldset className={settings.fieldset}>
      <legend className={settings.legend}>{t('admin.settings.site.legends.links')}</legend>
      {link('websiteLink')}
      <Toggle
        {...control('socialLink')}
        checked={draft.socialLink}
        onChange={(on) => set('socialLink', on)}
      />
      <div className={`${settings.grid} ${settings.pairs}`}>
        {SOCIAL_NETWORKS.map(link)}
        <SiteTextField
          control={control('mail')}
          value={draft.mail}
          onChange={(value) => set('mail', value)}
          type="email"
          inputMode="email"
          placeholder="bonjour@example.com"
        />
      </div>
    </fieldset>
  );
}
