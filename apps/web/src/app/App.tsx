/**
 * The app's providers: server state (query/query.ts), the router, and the last-resort error page;
 * and the busy banner, outside every page so it also shows while a page is still starting.
 */
import { queryClient } from '../lib/query-client.ts';
import { QueryClientProvider } from '../query/query.ts';
import { BrowserRouter } from '../routing/routing.ts';
import { BusyBanner } from '../ui/BusyBanner.tsx';
import { RouteError, RouteErrorBoundary } from './RouteError.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RouteErrorBoundary fallback={<RouteError />}>
          <AppRoutes />
        </RouteErrorBoundary>
        <BusyBanner />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
