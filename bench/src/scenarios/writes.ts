import type { BenchRequest, Scenario } from './types.ts';

/*
 * Writes on the generated archive, each recording its change in the history of the record (decision
 * 0026): their cost is compared with the same writes without history in docs/PERFORMANCE.md. Last in
 * the run (the file name sorts after the reads'): they add activities and events to the archive.
 */
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

export const scenarios: Scenario[] = [
  {
    name: 'writes.attivita.crea',
    description: 'POST /api/attivita: a new activity on condominiums 1-10 (real writes)',
    needsArchive: true,
    requests: () =>
      range(10).map(
        (condGenID): BenchRequest => ({
          method: 'POST',
          path: '/api/attivita',
          body: { condGenID, titolo: `Sopralluogo ${condGenID}`, descrizione: 'Verifica infiltrazioni' },
        }),
      ),
  },
  {
    name: 'writes.attivita.gestore',
    description: 'PUT /api/attivita/{id}/gestore: the manager of 25 activities changes back and forth',
    needsArchive: true,
    requests: () =>
      range(25).flatMap((i) =>
        ['Mario Rossi', 'Giulia Bianchi'].map(
          (gestore): BenchRequest => ({
            method: 'PUT',
            path: `/api/attivita/${i * 101}/gestore`,
            body: { gestore, operatore: 'Bench' },
          }),
        ),
      ),
  },
  {
    name: 'writes.attivita.nota',
    description: 'POST /api/attivita/{id}/eventi/nota: a note on 50 activities',
    needsArchive: true,
    requests: () =>
      range(50).map(
        (i): BenchRequest => ({
          method: 'POST',
          path: `/api/attivita/${i * 89}/eventi/nota`,
          body: { testo: 'Telefonato al condòmino', operatore: 'Bench' },
        }),
      ),
  },
  {
    name: 'writes.persona.crea',
    description: 'POST /api/persona: a new contact with address, phone and email (real writes)',
    needsArchive: true,
    requests: () =>
      range(10).map(
        (i): BenchRequest => ({
          method: 'POST',
          path: '/api/persona',
          body: {
            descr: `Condòmino di prova ${i}`,
            indirizzo: `Via Roma ${i}`,
            cap: '20100',
            citta: 'Milano',
            provincia: 'MI',
            telefono1: `02 1234 56${String(i).padStart(2, '0')}`,
            email: `condomino${i}@example.it`,
          },
        }),
      ),
  },
];
