import { Pagination, type PaginationProps } from '@mantine/core';
import type { Pagination as PageInfo } from '@stabile/contract';
import { useTranslation } from 'react-i18next';

export interface ListPaginationProps extends Pick<PaginationProps, 'size' | 'aria-label'> {
  /** The list's `x-pagination`; nothing is shown for one page or none. */
  pagination: PageInfo | undefined;
  page: number;
  onChange: (page: number) => void;
  /** On a phone only the current page between the arrows. */
  narrow?: boolean;
}

/** The pages of a list, with Italian names on the arrows. */
export function ListPagination({ pagination, page, onChange, narrow = false, ...rest }: ListPaginationProps) {
  const { t } = useTranslation('common');
  if (!pagination || pagination.totalPages <= 1) return null;
  return (
    <Pagination
      total={pagination.totalPages}
      value={page}
      onChange={onChange}
      siblings={narrow ? 0 : 1}
      getControlProps={(control) => ({
        'aria-label': control === 'previous' ? t('previous') : control === 'next' ? t('next') : control,
      })}
      {...rest}
    />
  );
}
