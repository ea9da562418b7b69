/** The query client of the components below (docs/decisions/020-own-query-module.md). */
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { QueryClient } from './client.ts';

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  // Back online after a drop: what is on screen may have changed meanwhile.
  useEffect(() => {
    const online = () => client.refetchDue();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [client]);
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}
