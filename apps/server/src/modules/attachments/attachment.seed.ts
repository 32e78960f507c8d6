import path from 'node:path';
import { AttachmentOrigin, AttachmentReferenceType } from '@stabile/contract';
import { insertRows, SeedIds } from '../../seed/batch.ts';
import type { SeedContext } from '../../seed/context.ts';
import { renderPdf } from '../../seed/files.ts';
import { addDays } from '../../seed/random.ts';
import type { AttachmentsTable, DossiersTable } from './attachment.table.ts';
import { folderStore } from './file-store.ts';
import { renderPng } from './png.ts';

/** Attachment rows of a benchmark archive (their files are not written). */
export const LARGE_ARCHIVE_ATTACHMENTS = 200_000;
/** Activities that hold them: 200,000 rows over the first 20,000 (10 each; more each if fewer). */
const LARGE_HOLDERS = 20_000;

const ACTIVITY_FILES = [
  { name: 'preventivo-intervento.pdf', title: 'Preventivo intervento', origin: AttachmentOrigin.Activities },
  { name: 'rapporto-intervento.pdf', title: 'Rapporto di intervento', origin: AttachmentOrigin.Activities },
  { name: 'foto-guasto.png', title: 'Foto del guasto', origin: AttachmentOrigin.Activities },
  { name: 'foto-dopo-intervento.png', title: 'Foto dopo l’intervento', origin: AttachmentOrigin.Maintenance },
] as const;

/**
 * The attachments of activities (the condominium seed gives condominiums, common parts, persons and
 * providers theirs): small real PDFs and PNG photos, some in a dossier "Documentazione intervento".
 * A benchmark archive instead gets LARGE_ARCHIVE_ATTACHMENTS rows without files.
 */
export async function seedAttachments(ctx: SeedContext): Promise<void> {
  const { db, archiveId } = ctx;
  const ids = {
    attachments: await SeedIds.start(db, archiveId, 'attachments'),
    dossiers: await SeedIds.start(db, archiveId, 'dossiers'),
    dossier_numero: await SeedIds.start(db, archiveId, 'dossier_numero'),
  };
  const rows: AttachmentsTable[] = [];
  const dossiers: DossiersTable[] = [];
  const files = new Map<string, Buffer>();
  const today = ctx.today;

  if (ctx.large) {
    const activities = await db
      .selectFrom('activities')
      .select('id')
      .where('archive_id', '=', archiveId)
      .orderBy('id')
      .limit(LARGE_HOLDERS)
      .execute();
    const perActivity = Math.ceil(LARGE_ARCHIVE_ATTACHMENTS / Math.max(1, activities.length));
    const created = today.toISOString();
    for (const { id: activityId } of activities) {
      for (let i = 0; i < perActivity && rows.length < LARGE_ARCHIVE_ATTACHMENTS; i++) {
        const id = ids.attachments.take();
        rows.push(
          row(
            archiveId,
            id,
            Number(activityId),
            AttachmentOrigin.Activities,
            null,
            `documento-${i + 1}.pdf`,
            created,
            48_000,
            'application/pdf',
            `bench-${id}.pdf`,
            ctx.rng.digits(8),
          ),
        );
      }
    }
  } else {
    const activities = await db
      .selectFrom('activities')
      .select(['id', 'titolo'])
      .where('archive_id', '=', archiveId)
      .orderBy('id')
      .limit(Math.max(1, Math.round(40 * ctx.scale)))
      .execute();
    const r = ctx.rng;
    for (const [index, activity] of activities.entries()) {
      const activityId = Number(activity.id);
      const chosen = index === 0 ? ACTIVITY_FILES : r.sample(ACTIVITY_FILES, r.int(1, 3));
      let dossier: DossiersTable | null = null;
      if (index === 0 || r.chance(0.3)) {
        const created = r.timestampBetween(addDays(today, -200), addDays(today, -2));
        dossier = {
          archive_id: archiveId,
          id: ids.dossiers.take(),
          numero: ids.dossier_numero.take(),
          riferimento_tipo: AttachmentReferenceType.Activity,
          riferimento_id: activityId,
          tipo_origine: AttachmentOrigin.Activities,
          tipo: 0,
          descrizione: r.chance(0.3) ? null : 'Documentazione intervento',
          data_creazione: created.slice(0, 10),
          numero_file: 0,
          obj_version: 1,
        };
        dossiers.push(dossier);
      }
      for (const file of chosen) {
        const id = ids.attachments.take();
        const created = r.timestampBetween(addDays(today, -120), addDays(today, -1));
        const png = file.name.endsWith('.png');
        const bytes = png
          ? photo(r.int(0, 360))
          : await renderPdf(
              file.title,
              [String(activity.titolo), 'Documento dimostrativo generato da Stabile.'],
              today,
            );
        const key = `seed-a${activityId}-${id}${png ? '.png' : '.pdf'}`;
        files.set(key, bytes);
        const inDossier = dossier && file.origin === AttachmentOrigin.Activities ? dossier : null;
        if (inDossier) inDossier.numero_file++;
        rows.push(
          row(
            archiveId,
            id,
            activityId,
            file.origin,
            inDossier ? inDossier.id : null,
            file.name,
            created,
            bytes.length,
            png ? 'image/png' : 'application/pdf',
            key,
            r.digits(8),
          ),
        );
      }
    }
  }

  for (const counter of Object.values(ids)) await counter.commit(db, archiveId);
  await insertRows(db, ctx.dialect, 'dossiers', dossiers);
  await insertRows(db, ctx.dialect, 'attachments', rows);
  ctx.progress?.(`allegati delle attività: ${rows.length}`);
  if (ctx.dataDir && files.size > 0) {
    const store = folderStore(path.join(ctx.dataDir, 'files'));
    for (const [key, bytes] of files) await store.put(archiveId, key, bytes);
  }
}

function row(
  archiveId: number,
  id: number,
  activityId: number,
  origin: number,
  dossierId: number | null,
  name: string,
  created: string,
  size: number,
  contentType: string,
  storageKey: string,
  digits: string,
): AttachmentsTable {
  return {
    archive_id: archiveId,
    id,
    riferimento_tipo: AttachmentReferenceType.Activity,
    riferimento_id: activityId,
    tipo_origine: origin,
    fascicolo_id: dossierId,
    nome_file: name,
    data_ora: created,
    chiave_download: `${archiveId}-${id}-${digits}`,
    dimensione: size,
    content_type: contentType,
    codice: null,
    anno: Number(created.slice(0, 4)),
    storage_key: storageKey,
    created_at: created,
    obj_version: 1,
  };
}

/** A 160x120 "photo": a sky-to-wall gradient with a crack, tinted by `hue`. */
function photo(hue: number): Buffer {
  const tint = (base: number, shift: number) => Math.max(0, Math.min(255, Math.round(base + shift)));
  const dh = Math.sin((hue * Math.PI) / 180) * 30;
  return renderPng(160, 120, (x, y) => {
    const crack = Math.abs(x - 80 - Math.sin(y / 9) * 12) < 2 && y > 30;
    if (crack) return [60, 50, 45];
    const v = 230 - y;
    return [tint(v, dh), tint(v - 10, 0), tint(v - 25, -dh)];
  });
}
