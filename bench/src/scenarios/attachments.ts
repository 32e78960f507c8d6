import type { Scenario } from './types.ts';

/*
 * Attachments in the large archive (200,000 attachment rows without files, 10 on each of the first
 * 20,000 activities; more each on a smaller archive): the first page of an entity's attachments,
 * one origin's page, and the origins with their counts, each over several activities.
 * AttachmentReferenceType.Activity = 4; AttachmentOrigin.Activities = 1. The activities are among the
 * first 10,000, so that the archive of BENCH_COMPARE=10000 answers the same requests (with one beyond
 * it, a fifth of that archive's answers were 404 and its p50 was no measure to compare with).
 */
const ACTIVITIES = [1, 77, 1234, 5000, 9999];

export const scenarios: Scenario[] = [
  {
    name: 'attachments.list',
    description: "GET /api/allegati first page of an activity's attachments (5 activities in turn)",
    needsArchive: true,
    requests: () =>
      ACTIVITIES.map((id) => ({
        path: `/api/allegati?RiferimentoAllegato.ID=${id}&RiferimentoAllegato.Tipo=4`,
      })),
  },
  {
    name: 'attachments.listOrigin',
    description: 'GET /api/allegati of one origin (TipoOrigine=1) of an activity',
    needsArchive: true,
    requests: () =>
      ACTIVITIES.map((id) => ({
        path: `/api/allegati?RiferimentoAllegato.ID=${id}&RiferimentoAllegato.Tipo=4&TipoOrigine=1`,
      })),
  },
  {
    name: 'attachments.origins',
    description: "GET /api/allegati/elencoOrigini: an activity's origins with their counts",
    needsArchive: true,
    requests: () => ACTIVITIES.map((id) => ({ path: `/api/allegati/elencoOrigini?Id=${id}&Tipo=4` })),
  },
];
