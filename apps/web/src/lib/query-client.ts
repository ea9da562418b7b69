/** The query client shared by the app (docs/decisions/020-own-query-module.md), and by code outside components. */
import { QueryClient } from '../query/query.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: 1,
    },
  },
});
