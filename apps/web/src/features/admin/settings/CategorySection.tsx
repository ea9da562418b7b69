/**
 * A category of the services form: its name and public name (none for the services outside any
 * category), its services, and the button that adds one to it — focused again after a removal.
 */
import type { ReactNode } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { CatalogueInput } from './CatalogueInput.tsx';
import type { CatalogueFieldId, CategoryDraft, CategoryField, ServiceDraft } from './catalogue-draft.ts';
import styles from './settings.module.css';

export function CategorySection({
  formId,
  category,
  services,
  invalid,
  register,
  onChange,
  onAddService,
  renderService,
}: {
  formId: string;
  /** Null for the services in no known category. */
  category: CategoryDraft | null;
  services: readonly ServiceDraft[];
  invalid: readonly CatalogueFieldId[];
  register: (key: string) => (element: HTMLElement | null) => void;
  /** A category's name or public name edited (the services in none have no fields). */
  onChange?: (field: CategoryField, value: string) => void;
  onAddService: () => void;
  renderService: (service: ServiceDraft) => ReactNode;
}) {
  const { t } = usePart('admin');
  const key = category?.externid ?? '';
  const headingId = `${formId}-category-${key || 'none'}`;
  const title = category
    ? category.name.trim() || t('admin.settings.catalogue.newCategory')
    : t('admin.settings.catalogue.noCategory');
  const field = (category: CategoryDraft, name: CategoryField, label: string, errorKey: string) => {
    const fieldId: CatalogueFieldId = `category:${category.externid}:${name}`;
    return (
      <CatalogueInput
        formId={formId}
        fieldId={fieldId}
        label={label}
        errorKey={errorKey}
        value={category[name]}
        onChange={(value) => onChange?.(name, value)}
        bad={invalid.includes(fieldId)}
        register={register}
        extra={name === 'name' ? { required: true, maxLength: 255 } : { maxLength: 255 }}
      />
    );
  };
  return (
    <section className={styles.category} aria-labelledby={headingId} data-testid="catalogue-category">
      <h2 id={headingId} className={styles.categoryTitle}>
        {title}
      </h2>
      {category && (
        <div className={`${styles.grid} ${styles.pairs}`}>
          {field(category, 'name', t('admin.settings.catalogue.fields.categoryName'), 'itemName')}
          {field(category, 'publicname', t('admin.settings.catalogue.fields.publicname'), 'publicname')}
        </div>
      )}
      {services.length > 0 ? (
        <ul className={styles.items}>{services.map(renderService)}</ul>
      ) : (
        <p className={styles.hint}>{t('admin.settings.catalogue.empty')}</p>
      )}
      <div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 's' })}
          onClick={onAddService}
          ref={register(`add:${key}`)}
          data-testid="catalogue-add-service"
        >
          <Icon name="sparkle" size={16} />
          {t('admin.settings.catalogue.addService', { category: title })}
        </button>
      </div>
    </section>
  );
}
