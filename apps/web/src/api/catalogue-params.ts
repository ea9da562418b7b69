/** Parameters shared by the catalogue list calls (docs/requirements/booking-flow.md §7): language and verification conditions. */

/** One verification condition: `conditions[i][field|op|value]`. */
export interface Condition {
  field: 'id' | 'externid';
  op: '=' | 'in';
  value: string | readonly string[];
}

export interface ListParams {
  locale?: string | undefined;
  conditions?: readonly Condition[] | undefined;
}

/** The query parameters of a list call, in the API's bracket notation. */
export function listQueryParams(params: ListParams) {
  return {
    locale: params.locale,
    conditions: params.conditions?.map((c) => ({
      field: c.field,
      op: c.op,
      value: typeof c.value === 'string' ? c.value : c.value.join(','),
    })),
  };
}
