import { assignmentActionLabels, type SupplierAction, type SupplierPage } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { notifyAccount } from '../notifications/push.ts';
import type { ResolvedLink } from '../supplier-assignments/supplier-link.ts';

/**
 * Tells the administrator's devices that a provider answered from the emailed link. Runs after the
 * answer is stored; a push failure never reaches the provider.
 */
export async function notifySupplierAnswer(
  app: AppInstance,
  link: ResolvedLink,
  action: SupplierAction,
  page: SupplierPage,
): Promise<void> {
  const archive = await app.db
    .selectFrom('archives as a')
    .innerJoin('interventions as i', (join) =>
      join.on('i.archive_id', '=', link.archiveId).on('i.id', '=', link.interventoId),
    )
    .select(['a.account_id', 'i.attivita_id'])
    .where('a.id', '=', link.archiveId)
    .executeTakeFirst();
  if (!archive) return;
  await notifyAccount(app, archive.account_id, {
    title: `${page.fornitore}: ${assignmentActionLabels[action]}`,
    body: `Pratica ${page.attivita.numeroPratica} - ${page.attivita.titolo}`,
    url: `/activities?dettaglio=attivita:${archive.attivita_id}`,
  });
}
