/** The absence form's labels and legends: the shared look, set a little apart from what they name. */
import forms from '../../../ui/forms/forms.module.css';
import styles from './absences.module.css';

export const labelClass = `${forms.label} ${styles.spaced}`;
