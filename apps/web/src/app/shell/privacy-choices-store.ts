/** Whether the GDPR-choices dialog is open (opened from the footer). */
import { create } from 'zustand';

export const usePrivacyChoicesStore = create<{ open: boolean }>(() => ({ open: false }));

export const openPrivacyChoices = () => usePrivacyChoicesStore.setState({ open: true });
export const closePrivacyChoices = () => usePrivacyChoicesStore.setState({ open: false });
