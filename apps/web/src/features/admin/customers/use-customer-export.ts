/**
 * The copy of a customer's data (right of access, docs/back-office.md "Customers"): asked from the
 * server, handed to the browser as a file; `exported` names the file once it is given.
 */
import { useState } from 'react';
import { useExportCustomer } from '../../../api/admin-customers.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { exportFileName } from './customer-format.ts';
import { downloadJson } from './export-download.ts';

export function useCustomerExport(customer: { fiche_id: number; firstname: string; lastname: string }) {
  const { group } = useGroupContext();
  const exporter = useExportCustomer(group.id);
  const [exported, setExported] = useState<string | null>(null);

  const run = () => {
    if (exporter.isPending) return;
    setExported(null);
    exporter.mutate(customer.fiche_id, {
      onSuccess: (data) => {
        const fileName = exportFileName(customer, data.exported_at);
        downloadJson(data, fileName);
        setExported(fileName);
      },
    });
  };
  return { run, exported, isPending: exporter.isPending, isError: exporter.isError, error: exporter.error };
}
