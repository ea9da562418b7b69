/** The app's providers: server state (TanStack Query), the router, and the last-resort error page. */
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { RouteError, RouteErrorBoundary } from './RouteError.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RouteErrorBoundary fallback={<RouteError />}>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
