import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { SupplierRequest } from '../../../features/supplier/components/supplier-request.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import supplierTexts from '../../../i18n/it/supplier.ts';

// The page is public and bare: its namespace is added here instead of with the private area's.
i18n.addResourceBundle('it', 'supplier', supplierTexts, true, false);

export function SupplierPage() {
  const { token = '' } = useParams();
  return (
    <Container size={560} px="md" py="lg" component="main">
      <SupplierRequest token={token} />
    </Container>
  );
}

export { SupplierPage as Component };
