/**
 * What a list of check boxes holds once one is turned on or off: the choices checked, in the
 * order of all the choices (the order the document keeps them in), whatever the order of clicks.
 */
export function checkedWith(
  order: readonly string[],
  checked: readonly string[],
  choice: string,
  on: boolean,
): string[] {
  return order.filter((item) => (item === choice ? on : checked.includes(item)));
}
