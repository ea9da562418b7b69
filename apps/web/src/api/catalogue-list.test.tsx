// @vitest-environment jsdom
/**
 * The catalogue lists' freshness (catalogue-list.ts): the booking container, the step page and the
 * summary mount one after the other and share one answer; a configuration save fetches them again.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '../query/query.ts';
import { useInterventions } from './interventions.ts';
import { usePackInterventions } from './pack-interventions.ts';
import { queryKeys } from './query-keys.ts';

/** Counts the API calls by list name, answering every list with no records. */
function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    calls.push(new URL(String(input), 'http://test').pathname.split('/').pop() ?? '');
    return new Response(JSON.stringify({ records: [] }), { status: 200 });
  });
  return calls;
}

function Lists({ name }: { name: string }) {
  const services = useInterventions(5, { locale: 'en' });
  const packs = usePackInterventions(5, { locale: 'en' });
  return <p data-testid={name}>{services.isSuccess && packs.isSuccess ? 'ready' : 'loading'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catalogue lists', () => {
  it('are fetched once for the components that mount one after the other', async () => {
    const calls = stubApi();
    const client = new QueryClient();
    const first = render(
      <QueryClientProvider client={client}>
        <Lists name="layout" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('layout').textContent).toBe('ready'));
    first.rerender(
      <QueryClientProvider client={client}>
        <Lists name="layout" />
        <Lists name="step" />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('step').textContent).toBe('ready');
    // Anything fetched again would have started by now.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.sort()).toEqual(['interventions', 'pack_interventions']);
  });

  it('are fetched again once a configuration save invalidates them', async () => {
    const calls = stubApi();
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Lists name="step" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('ready'));
    await Promise.all(
      queryKeys.catalogueOfGroup(5).map((queryKey) => client.invalidateQueries({ queryKey })),
    );
    await waitFor(() => expect(calls).toHaveLength(4));
  });
});
