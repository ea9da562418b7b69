/**
 * The back office's customers section (docs/back-office.md "Customers"): the search, and a
 * customer's page under customers/{ficheId}. The search's words stay in the address (`q`), so the
 * page's back link, a reload and the browser's history all come back to the same results.
 */

import type { Membership } from '../../../api/admin-membership.ts';
import { useGroupLink } from '../../../app/paths.ts';
import { Navigate, Route, Routes } from '../../../routing/routing.ts';
import { CustomerPage } from './CustomerPage.tsx';
import { CustomerSearch } from './CustomerSearch.tsx';

export function CustomersScreen({ membership }: { membership: Membership }) {
  const link = useGroupLink();
  const canPrivacy = membership.rights.includes('customers.privacy');
  return (
    <Routes>
      <Route index element={<CustomerSearch />} />
      <Route path=":ficheId" element={<CustomerPage canPrivacy={canPrivacy} />} />
      <Route path="*" element={<Navigate replace to={link('admin/customers')} />} />
    </Routes>
  );
}
