/**
 * Writes the theme's CSS variables on an element (the page's root). The server's first HTML already
 * carries the group's theme there (docs/web-app.md "First paint"), and a property written again,
 * even with the same value, makes the browser restyle the whole page: only changes are written.
 */
export function applyThemeVariables(element: HTMLElement, variables: Record<string, string>): void {
  for (const [name, value] of Object.entries(variables)) {
    if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
  }
}
