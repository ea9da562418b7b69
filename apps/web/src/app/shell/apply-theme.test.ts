// @vitest-environment jsdom
/** applyThemeVariables (apply-theme.ts): writes what changed, and only that. */
import { describe, expect, it, vi } from 'vitest';
import { applyThemeVariables } from './apply-theme.ts';

describe('applyThemeVariables', () => {
  it('writes the variables an element lacks or holds with another value', () => {
    const element = document.createElement('div');
    element.style.setProperty('--header-background', '#2E2A27');
    applyThemeVariables(element, { '--header-background': '#000000', '--body-canvas': '#F8F6F5' });
    expect(element.style.getPropertyValue('--header-background')).toBe('#000000');
    expect(element.style.getPropertyValue('--body-canvas')).toBe('#F8F6F5');
  });

  it('leaves alone the ones the server already wrote (a write restyles the whole page)', () => {
    const element = document.createElement('div');
    element.setAttribute('style', '--header-background:#2E2A27;--body-canvas:#F8F6F5');
    const write = vi.spyOn(element.style, 'setProperty');
    applyThemeVariables(element, { '--header-background': '#2E2A27', '--body-canvas': '#F8F6F5' });
    expect(write).not.toHaveBeenCalled();
  });
});
