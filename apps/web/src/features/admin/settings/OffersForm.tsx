/**
 * The packs & promotions form (docs/group-configuration.md "packs" and "promotions"; the tab of
 * docs/back-office.md "Settings"): packs of services booked back to back at one price, and
 * percentages off the slots a promotion matches, added, changed and removed. Saved as the whole
 * document with `based_on` the version read (offers-draft.ts keeps every other part as it was);
 * the browser checks the schema's bounds (offers-checks.ts) and the server's problems come back
 * on their fields.
 */
import { useId, useMemo } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { currencySymbol } from './catalogue-draft.ts';
import { checkedWith } from './checked-with.ts';
import { OffersList } from './OffersList.tsx';
import { localProblems, type OffersFieldId, sortProblems } from './offers-checks.ts';
import { documentWith, draftOf, type PackDraft, type PromotionDraft } from './offers-draft.ts';
import {
  categoryChoices,
  movedItem,
  promotionChoices,
  serviceChoices,
  withItem,
  withNewPack,
  withNewPromotion,
  withoutItem,
  withoutPack,
  withoutPromotion,
} from './offers-edits.ts';
import { PackCard } from './PackCard.tsx';
import { PromotionCard } from './PromotionCard.tsx';
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

export function OffersForm(props: EditorFormProps) {
  const { document } = props;
  const { t, i18n } = usePart('admin');
  const id = useId();
  const services = useMemo(() => serviceChoices(document), [document]);
  const form = useEditorForm(props, 'untilEdit', {
    draftOf,
    documentWith,
    localProblems: (draft) => localProblems(draft, new Set(services.map((service) => service.externid))),
    sortProblems: (problems, sent) => sortProblems(sent, problems),
  });
  const { draft, setDraft, register, focusNext, invalid, edited, fixed, forget } = form;
  const categories = useMemo(() => categoryChoices(document), [document]);
  const settings = (document.settings ?? {}) as { currency?: unknown };
  const code = typeof settings.currency === 'string' ? settings.currency : 'EUR';
  const currency = { symbol: currencySymbol(i18n.language, code), code };

  const setPack = (externid: string, change: (pack: PackDraft) => PackDraft, ...done: OffersFieldId[]) => {
    edited();
    setDraft((current) => ({
      ...current,
      packs: current.packs.map((pack) => (pack.externid === externid ? change(pack) : pack)),
    }));
    fixed(...done);
  };
  const setPromotion = (externid: string, change: (promotion: PromotionDraft) => PromotionDraft) => {
    edited();
    setDraft((current) => ({
      ...current,
      promotions: current.promotions.map((item) => (item.externid === externid ? change(item) : item)),
    }));
  };

  const packCard = (pack: PackDraft, index: number) => {
    const key = `pack:${pack.externid}` as const;
    const items = (change: (pack: PackDraft) => PackDraft, ...done: OffersFieldId[]) =>
      setPack(pack.externid, change, `${key}:items`, ...done);
    return (
      <PackCard
        key={pack.externid}
        formId={id}
        index={index}
        pack={pack}
        services={services}
        categories={categories}
        currency={currency}
        namedBy={draft.promotions
          .filter((promotion) => !promotion.every && promotion.services.includes(pack.externid))
          .map((promotion) => promotion.label.trim() || promotion.externid)}
        invalid={invalid}
        register={register}
        onText={(field, value) =>
          setPack(pack.externid, (p) => ({ ...p, [field]: value }), `${key}:${field}`)
        }
        onOffered={(offered) => setPack(pack.externid, (p) => ({ ...p, offered }))}
        onService={(at, service) =>
          items(
            (p) => ({ ...p, items: p.items.map((item, i) => (i === at ? { ...item, service } : item)) }),
            `${key}:service-${at}`,
          )
        }
        onBreak={(at, breakTime) =>
          setPack(
            pack.externid,
            (p) => ({ ...p, items: p.items.map((item, i) => (i === at ? { ...item, breakTime } : item)) }),
            `${key}:break-${at}`,
          )
        }
        onMove={(at, delta) => {
          items((p) => movedItem(p, at, delta), `${key}:service-${at}`, `${key}:service-${at + delta}`);
          focusNext.current = `${key}:${delta < 0 ? 'up' : 'down'}-${at + delta}`;
        }}
        onRemove={(at) => {
          items((p) => withoutItem(p, at), `${key}:service-${at}`);
          focusNext.current = `${key}:items`;
        }}
        onAdd={() => {
          items(withItem);
          focusNext.current = `${key}:service-${pack.items.length}`;
        }}
        onRemovePack={() => {
          edited();
          setDraft(withoutPack(draft, pack.externid));
          forget(`${key}:`);
          focusNext.current = 'add:pack';
        }}
      />
    );
  };
  const choices = promotionChoices(services, draft);
  const promotionCard = (promotion: PromotionDraft, index: number) => (
    <PromotionCard
      key={promotion.externid}
      formId={id}
      index={index}
      promotion={promotion}
      choices={choices}
      invalid={invalid}
      register={register}
      onChange={(change, field) => {
        setPromotion(promotion.externid, (p) => ({ ...p, ...change }));
        fixed(`promotion:${promotion.externid}:${field}`);
      }}
      onToggleService={(externid, on) => {
        setPromotion(promotion.externid, (p) => ({
          ...p,
          services: checkedWith(
            choices.map((choice) => choice.externid),
            p.services,
            externid,
            on,
          ),
        }));
        fixed(`promotion:${promotion.externid}:services`);
      }}
      onRemove={() => {
        edited();
        setDraft(withoutPromotion(draft, promotion.externid));
        forget(`promotion:${promotion.externid}:`);
        focusNext.current = 'add:promotion';
      }}
    />
  );

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="offers-form"
    >
      <p className={styles.hint}>{t('admin.settings.offers.intro')}</p>
      <OffersList
        kind="pack"
        items={draft.packs.map(packCard)}
        register={register}
        onAdd={() => {
          edited();
          const next = withNewPack(document, draft);
          setDraft(next);
          focusNext.current = `pack:${next.packs.at(-1)?.externid}:name`;
        }}
      />
      <OffersList
        kind="promotion"
        items={draft.promotions.map(promotionCard)}
        register={register}
        onAdd={() => {
          edited();
          const next = withNewPromotion(document, draft);
          setDraft(next);
          focusNext.current = `promotion:${next.promotions.at(-1)?.externid}:label`;
        }}
      />
      <SaveBar {...form.saveBar} />
    </form>
  );
}
