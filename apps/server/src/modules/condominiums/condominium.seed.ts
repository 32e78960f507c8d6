import {
  AttachmentOrigin,
  AttachmentReferenceType,
  CadastralType,
  CommonPartCategory,
  EnvironmentType,
  ExerciseType,
  InstalmentType,
  PaymentAccountStatus,
  PlantType,
  RegistryType,
  ServiceType,
} from '@stabile/contract';
import { searchDocument } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { insertRows, SeedIds } from '../../seed/batch.ts';
import type { SeedContext } from '../../seed/context.ts';
import { renderPdf, storeAttachment } from '../../seed/files.ts';
import { codiceFiscaleCondominio, italianIban } from '../../seed/identifiers.ts';
import {
  BANKS,
  BUILDING_NAMES,
  CONDOMINIUM_CITIES,
  CONDOMINIUM_NAMES,
  cityByName,
  condominiumNameFromAddress,
  FUND_NAMES,
  GROUP_NAMES,
  INSURANCE_COMPANIES,
  LOCATIONS,
  RESOURCE_TYPES,
  streetAddress,
} from '../../seed/italian-data.ts';
import { addDays, type Rng } from '../../seed/random.ts';
import { withServiceDetails } from '../common-parts/common-part.seed.ts';

export interface CondominiumSeedRefs {
  personIds: number[];
  providerIds: number[];
}

export interface CondominiumSeedResult {
  condominiumIds: number[];
  /** Common parts with their condominium (activities may refer to them). */
  commonParts: Array<{ id: number; condominioId: number }>;
  /** Services of common parts (activities can be filtered by service). */
  services: Array<{ id: number; condominioId: number; fornitoreId: number | null }>;
}

interface SeedFile {
  storageKey: string;
  title: string;
  lines: string[];
}

type Row<T extends keyof Database> = Database[T];

const PLANT_NAMES: Record<number, string[]> = {
  [PlantType.Generic]: ['Impianto di videosorveglianza', 'Impianto di illuminazione esterna'],
  [PlantType.Lift]: ['Ascensore scala A', 'Ascensore scala B', 'Montacarichi'],
  [PlantType.Heating]: ['Centrale termica', 'Caldaia centralizzata'],
  [PlantType.Electrical]: ['Impianto elettrico parti comuni', 'Quadro elettrico generale'],
  [PlantType.Softener]: ['Addolcitore acqua'],
  [PlantType.PressureTank]: ['Autoclave'],
  [PlantType.Cooling]: ['Impianto di raffrescamento'],
  [PlantType.SubmersiblePump]: ['Pompa sommersa autorimessa'],
  [PlantType.FireProtection]: ['Impianto antincendio autorimessa', 'Estintori e idranti'],
  [PlantType.Pool]: ['Piscina condominiale'],
  [PlantType.TvAntenna]: ['Antenna TV centralizzata'],
  [PlantType.SatelliteAntenna]: ['Parabola satellitare'],
  [PlantType.Intercom]: ['Impianto citofonico', 'Videocitofono ingresso'],
  [PlantType.Sewer]: ['Rete fognaria'],
  [PlantType.GasNetwork]: ['Rete gas'],
  [PlantType.WaterNetwork]: ['Rete idrica'],
  [PlantType.Photovoltaic]: ['Impianto fotovoltaico'],
  [PlantType.SolarPanels]: ['Pannelli solari termici'],
  [PlantType.VerticalDrain]: ['Colonne di scarico'],
  [PlantType.Flue]: ['Canna fumaria'],
  [PlantType.GateAccess]: ['Cancello carraio', 'Cancello pedonale'],
  [PlantType.FallProtection]: ['Linea vita copertura'],
};

const ENVIRONMENT_NAMES: Record<number, string[]> = {
  [EnvironmentType.Garden]: ['Giardino condominiale', 'Aiuole ingresso'],
  [EnvironmentType.Stairs]: ['Scala A', 'Scala B', 'Scala esterna'],
  [EnvironmentType.Concierge]: ['Portineria', 'Alloggio portiere'],
  [EnvironmentType.Generic]: ['Locale biciclette', 'Sala riunioni', 'Locale rifiuti'],
  [EnvironmentType.Building]: ['Edificio principale', 'Facciata su strada'],
};

const PLANT_BRANDS = [
  'Schindler',
  'Otis',
  'Kone',
  'Vaillant',
  'Riello',
  'Baxi',
  'Bticino',
  'Urmet',
  'Grundfos',
  'Came',
  'Fracarro',
];

const UNIT_KINDS: ReadonlyArray<readonly [string, number]> = [
  ['Appartamento', 70],
  ['Box', 15],
  ['Negozio', 5],
  ['Cantina', 6],
  ['Ufficio', 4],
];
const CATEGORY_BY_KIND: Record<string, string> = {
  Appartamento: 'A/3',
  Box: 'C/6',
  Negozio: 'C/1',
  Cantina: 'C/2',
  Ufficio: 'A/10',
};

const ADMIN_EVENTS = ['Nomina', 'Conferma', 'Revoca', 'Dimissioni', 'Cessazione'];
const PAYMENT_METHODS = ['Bonifico', 'Bonifico', 'Bonifico', 'MAV', 'PagoPA', 'Assegno', 'Contanti'];
const PERSONAL_ACCOUNTS = [
  'Spese generali',
  'Pulizia scale',
  'Ascensore',
  'Riscaldamento',
  'Acqua',
  'Manutenzioni',
];
const PAYMENT_ACCOUNTS = ['Versamenti condomini', 'Conto corrente', 'Cassa contanti'];
/** Units of each condominium of a generated archive. */
const LARGE_UNITS = 10;

function sortKey(text: string): string {
  return searchDocument(text);
}

/** Splits 1000 millesimi (in thousandths: 1,000,000) among weights, summing exactly. */
function millesimi(weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.floor((w / total) * 1_000_000));
  const rest = 1_000_000 - out.reduce((a, b) => a + b, 0);
  out[0] = (out[0] ?? 0) + rest;
  return out;
}

function roundEuro(cents: number): number {
  return Math.round(cents / 100) * 100;
}

/**
 * The condominium side of a demo archive: condominiums in several cities, each with its
 * exercises, buildings, groups, units with owners and tenants, common parts with services,
 * insurance, cadastral data, administrators register, resources, funds, ledger accounts,
 * instalments with payments (some overdue), refunds, movements and dossiers of files. Scale 0
 * creates nothing. Everything is inserted with multi-row statements; call it in a transaction.
 */
export async function seedCondominiums(
  ctx: SeedContext,
  refs: CondominiumSeedRefs,
): Promise<CondominiumSeedResult> {
  const result: CondominiumSeedResult = { condominiumIds: [], commonParts: [], services: [] };
  const pdfs: SeedFile[] = [];
  // A generated archive has one condominium per 200 activities: 5,000 for the benchmark's 1,000,000,
  // 50 for its 10,000 (the two archives the condominium scenarios compare).
  const count = ctx.large
    ? Math.max(1, Math.round((ctx.activities ?? 0) / 200))
    : ctx.scale <= 0
      ? 0
      : Math.max(1, Math.round(14 * ctx.scale));
  if (count === 0) return result;

  const { db, archiveId } = ctx;
  const rng = ctx.rng.fork('condomini');
  const today = ctx.today.toISOString().slice(0, 10);
  const year = ctx.today.getUTCFullYear();
  const now = ctx.today.toISOString();

  const ids = {
    condominiums: await SeedIds.start(db, archiveId, 'condominiums'),
    exercises: await SeedIds.start(db, archiveId, 'exercises'),
    buildings: await SeedIds.start(db, archiveId, 'buildings'),
    unit_groups: await SeedIds.start(db, archiveId, 'unit_groups'),
    units: await SeedIds.start(db, archiveId, 'units'),
    registries: await SeedIds.start(db, archiveId, 'registries'),
    registry_units: await SeedIds.start(db, archiveId, 'registry_units'),
    common_parts: await SeedIds.start(db, archiveId, 'common_parts'),
    common_part_services: await SeedIds.start(db, archiveId, 'common_part_services'),
    insurances: await SeedIds.start(db, archiveId, 'insurances'),
    cadastral_data: await SeedIds.start(db, archiveId, 'cadastral_data'),
    admin_register_event_types: await SeedIds.start(db, archiveId, 'admin_register_event_types'),
    admin_register: await SeedIds.start(db, archiveId, 'admin_register'),
    resource_types: await SeedIds.start(db, archiveId, 'resource_types'),
    resources: await SeedIds.start(db, archiveId, 'resources'),
    funds: await SeedIds.start(db, archiveId, 'funds'),
    ledger_accounts: await SeedIds.start(db, archiveId, 'ledger_accounts'),
    instalments: await SeedIds.start(db, archiveId, 'instalments'),
    payments: await SeedIds.start(db, archiveId, 'payments'),
    refunds: await SeedIds.start(db, archiveId, 'refunds'),
    movements: await SeedIds.start(db, archiveId, 'movements'),
    dossiers: await SeedIds.start(db, archiveId, 'dossiers'),
    dossier_numero: await SeedIds.start(db, archiveId, 'dossier_numero'),
    attachments: await SeedIds.start(db, archiveId, 'attachments'),
  };

  const rows = {
    condominiums: [] as Row<'condominiums'>[],
    exercises: [] as Row<'exercises'>[],
    buildings: [] as Row<'buildings'>[],
    unit_groups: [] as Row<'unit_groups'>[],
    units: [] as Row<'units'>[],
    registries: [] as Row<'registries'>[],
    registry_units: [] as Row<'registry_units'>[],
    common_parts: [] as Row<'common_parts'>[],
    common_part_services: [] as Row<'common_part_services'>[],
    insurances: [] as Row<'insurances'>[],
    cadastral_data: [] as Row<'cadastral_data'>[],
    admin_register_event_types: [] as Row<'admin_register_event_types'>[],
    admin_register: [] as Row<'admin_register'>[],
    resource_types: [] as Row<'resource_types'>[],
    resources: [] as Row<'resources'>[],
    funds: [] as Row<'funds'>[],
    ledger_accounts: [] as Row<'ledger_accounts'>[],
    instalments: [] as Row<'instalments'>[],
    payments: [] as Row<'payments'>[],
    refunds: [] as Row<'refunds'>[],
    payment_allocations: [] as Row<'payment_allocations'>[],
    movements: [] as Row<'movements'>[],
    dossiers: [] as Row<'dossiers'>[],
    attachments: [] as Row<'attachments'>[],
  };

  // Lookups of the archive.
  const eventTypeIds = new Map<string, number>();
  for (const testo of ADMIN_EVENTS) {
    const id = ids.admin_register_event_types.take();
    eventTypeIds.set(testo, id);
    rows.admin_register_event_types.push({ archive_id: archiveId, id, testo, testo_sort: sortKey(testo) });
  }
  const resourceTypeIds = RESOURCE_TYPES.map((testo) => {
    const id = ids.resource_types.take();
    rows.resource_types.push({ archive_id: archiveId, id, testo, testo_sort: sortKey(testo) });
    return id;
  });

  // People of the archive, shuffled once: each condominium takes the next ones as owners and
  // tenants, so most people live in one condominium and a few (landlords) in more.
  const people = rng.shuffle([...refs.personIds]);
  let personCursor = 0;
  const nextPerson = (): number | null => {
    if (people.length === 0) return null;
    const id = people[personCursor % people.length] as number;
    personCursor++;
    return id;
  };
  const provider = (r: Rng): number | null => (refs.providerIds.length > 0 ? r.pick(refs.providerIds) : null);

  // Plant and environment types are dealt round-robin so that every type appears in the archive.
  let plantCursor = 0;
  let environmentCursor = 0;
  const plantTypeOrder = rng.shuffle(Object.values(PlantType).map(Number));
  const environmentTypeOrder = rng.shuffle(Object.values(EnvironmentType).map(Number));
  let serviceTypeCursor = 0;
  const serviceTypeValues = Object.values(ServiceType).map(Number);
  const usedNames = new Set<string>();
  const condoNames = rng.shuffle([...CONDOMINIUM_NAMES]);

  for (let c = 0; c < count; c++) {
    const r = rng.fork(`condominio-${c}`);
    const condominioId = ids.condominiums.take();
    result.condominiumIds.push(condominioId);
    const city = cityByName(CONDOMINIUM_CITIES[c % CONDOMINIUM_CITIES.length] as string);
    const indirizzo = streetAddress(r);
    let intestazione =
      c < condoNames.length && r.chance(0.7)
        ? (condoNames[c] as string)
        : condominiumNameFromAddress(indirizzo);
    if (usedNames.has(intestazione)) intestazione = `${intestazione} (${city.citta})`;
    if (usedNames.has(intestazione)) intestazione = `${intestazione} ${c + 1}`;
    usedNames.add(intestazione);
    const bank = r.pick(BANKS);
    const iban = italianIban(r, bank.abi);
    // The last condominium of the demo is no longer managed (shown with gestiti=false).
    const gestito = !ctx.large && count > 3 && c === count - 1 ? 0 : 1;
    const managedSinceYear = year - r.int(1, 12);
    const dataInizioGestione = `${managedSinceYear}-${String(r.int(1, 12)).padStart(2, '0')}-01`;
    // A generated archive has 10 units per condominium (50,000 for 5,000 condominiums), each owing 12
    // monthly instalments in the current exercise: 600,000 instalments for 1,000,000 activities.
    const unitCount = ctx.large ? LARGE_UNITS : r.int(8, 40);
    const statoConto = r.weighted<number>([
      [PaymentAccountStatus.Active, 6],
      [PaymentAccountStatus.CondominiumNotLinked, 2],
      [PaymentAccountStatus.NotActive, 1],
      [PaymentAccountStatus.Suspended, 1],
      [PaymentAccountStatus.Error, 0.5],
    ]);
    rows.condominiums.push({
      archive_id: archiveId,
      id: condominioId,
      codice: String(condominioId).padStart(4, '0'),
      intestazione,
      intestazione_sort: sortKey(intestazione),
      indirizzo,
      cap: city.cap,
      citta: city.citta,
      provincia: city.provincia,
      codice_fiscale: codiceFiscaleCondominio(r),
      iban,
      bic: bank.bic,
      banca: bank.nome,
      email: null,
      pec: r.chance(0.3) ? `condominio${condominioId}@pec.it` : null,
      note: r.chance(0.3)
        ? r.pick([
            'Riunione del consiglio ogni primo lunedì del mese.',
            'Chiavi del locale tecnico in portineria.',
            'Accesso al tetto dal vano scala B.',
          ])
        : null,
      gestito,
      data_inizio_gestione: dataInizioGestione,
      data_fine_gestione: gestito ? null : addDays(today, -r.int(30, 300)),
      numero_unita: unitCount,
      pid: r.chance(0.5)
        ? `MC-${String(archiveId).padStart(4, '0')}-${String(condominioId).padStart(5, '0')}`
        : null,
      portale_attivo: r.chance(0.5) ? 1 : 0,
      stato_conto_pagamenti: statoConto,
      saldo_ts_pay_cents: statoConto === PaymentAccountStatus.Active ? r.int(50_000, 2_500_000) : null,
      saldo_ts_pay_at: statoConto === PaymentAccountStatus.Active ? now : null,
      search_doc: searchDocument(intestazione, indirizzo, city.cap, city.citta, city.provincia),
      created_at: `${dataInizioGestione}T09:00:00.000Z`,
      updated_at: now,
      obj_version: 1,
    });

    // Exercises: the current ordinary one (open); often last year's (closed); sometimes an
    // extraordinary one for works (open).
    const exercises: Array<{
      id: number;
      tipo: number;
      chiuso: boolean;
      start: string;
      end: string;
      descr: string;
    }> = [];
    const addExercise = (
      tipo: number,
      start: string,
      end: string,
      chiuso: boolean,
      descr: string,
      id = ids.exercises.take(),
    ) => {
      exercises.push({ id, tipo, chiuso, start, end, descr });
      rows.exercises.push({
        archive_id: archiveId,
        id,
        condominio_id: condominioId,
        tipo,
        descrizione: descr,
        data_inizio: start,
        data_fine: end,
        chiuso: chiuso ? 1 : 0,
        data_chiusura: chiuso ? addDays(end, r.int(60, 150)) : null,
        created_at: `${start}T08:00:00.000Z`,
        obj_version: 1,
      });
    };
    if (!ctx.large && r.chance(0.7)) {
      addExercise(
        ExerciseType.Ordinary,
        `${year - 1}-01-01`,
        `${year - 1}-12-31`,
        true,
        `Ordinario ${year - 1}`,
      );
    }
    // The first condominium of a generated archive also has the closed ordinary exercises of the four
    // previous years (a statement over five years): their ids come first (1-4), the current exercise
    // follows (5, then one per condominium), and the current one is filled first, so its registries,
    // units and payments have the lowest ids of the archive.
    const history =
      ctx.large && c === 0 ? [4, 3, 2, 1].map((back) => ({ back, id: ids.exercises.take() })) : [];
    addExercise(ExerciseType.Ordinary, `${year}-01-01`, `${year}-12-31`, false, `Ordinario ${year}`);
    for (const { back, id } of history) {
      const y = year - back;
      addExercise(ExerciseType.Ordinary, `${y}-01-01`, `${y}-12-31`, true, `Ordinario ${y}`, id);
    }
    if (!ctx.large && r.chance(0.35)) {
      const works = r.pick([
        'Rifacimento facciate',
        'Sostituzione ascensore',
        'Rifacimento tetto',
        'Adeguamento antincendio',
        'Efficientamento energetico',
      ]);
      addExercise(
        ExerciseType.Extraordinary,
        `${year - 1}-09-01`,
        `${year + 1}-08-31`,
        false,
        `Straordinario ${works}`,
      );
    }
    if (!ctx.large && r.chance(0.1)) {
      addExercise(
        ExerciseType.Auxiliary,
        `${year}-01-01`,
        `${year}-12-31`,
        false,
        `Ausiliario riscaldamento ${year}`,
      );
    }

    // The physical units, the same in every exercise (each exercise has its own copy).
    const buildingCount = unitCount > 24 ? r.int(2, 3) : 1;
    const buildingNames = r.sample(BUILDING_NAMES, buildingCount);
    const groupNames = ['Appartamenti', ...r.sample(GROUP_NAMES.slice(1), r.int(0, 2))];
    const kinds = Array.from({ length: unitCount }, (_, i) =>
      i < 4 ? 'Appartamento' : r.weighted(UNIT_KINDS),
    );
    const weights = kinds.map((k) =>
      k === 'Appartamento' ? r.int(30, 70) : k === 'Negozio' || k === 'Ufficio' ? r.int(20, 50) : r.int(2, 8),
    );
    const shares = millesimi(weights);
    const physical = kinds.map((kind, i) => {
      const building = i % buildingCount;
      const scala = buildingCount > 1 ? String.fromCharCode(65 + building) : r.chance(0.3) ? 'B' : 'A';
      const piano =
        kind === 'Box' || kind === 'Cantina' ? '-1' : kind === 'Negozio' ? '0' : String(r.int(0, 6));
      return {
        kind,
        building,
        group:
          kind === 'Appartamento'
            ? 0
            : Math.min(
                groupNames.length - 1,
                groupNames.indexOf(
                  kind === 'Box'
                    ? 'Box auto'
                    : kind === 'Cantina'
                      ? 'Cantine'
                      : kind === 'Negozio'
                        ? 'Negozi'
                        : 'Uffici',
                ),
              ),
        scala,
        piano,
        interno: String(i + 1),
        millesimi: shares[i] ?? 0,
        subalterno: String(i + 2),
      };
    });

    // Owners and tenants, the same people in every exercise.
    interface Holder {
      personId: number;
      roles: Array<{ unit: number; ruolo: string; quota: number }>;
    }
    const holders = new Map<number, Holder>();
    // The first paying role of each unit (a generated archive charges the whole unit to it).
    const payers = new Map<number, string>();
    const addRole = (personId: number | null, unit: number, ruolo: string, quota = 10000) => {
      if (personId === null) return;
      const h = holders.get(personId) ?? { personId, roles: [] };
      if (h.roles.some((x) => x.unit === unit && x.ruolo === ruolo)) return;
      if (ruolo !== 'Nudo proprietario' && !payers.has(unit)) payers.set(unit, `${personId}/${ruolo}`);
      h.roles.push({ unit, ruolo, quota });
      holders.set(personId, h);
    };
    let lastOwner: number | null = null;
    physical.forEach((u, i) => {
      // A box or a cellar usually belongs to the owner of the flat before it.
      const owner =
        (u.kind === 'Box' || u.kind === 'Cantina') && lastOwner !== null && r.chance(0.7)
          ? lastOwner
          : nextPerson();
      if (u.kind === 'Appartamento') lastOwner = owner;
      const split = r.next();
      if (split < 0.08) {
        addRole(owner, i, 'Nudo proprietario');
        addRole(nextPerson(), i, 'Usufruttuario');
      } else if (split < 0.2) {
        addRole(owner, i, 'Comproprietario', 5000);
        addRole(nextPerson(), i, 'Comproprietario', 5000);
      } else {
        addRole(owner, i, 'Proprietario');
      }
      if ((u.kind === 'Appartamento' || u.kind === 'Negozio' || u.kind === 'Ufficio') && r.chance(0.25)) {
        addRole(nextPerson(), i, 'Inquilino');
      }
    });

    const annualBudgetCents = roundEuro(unitCount * r.int(900, 2200) * 100);
    const resourceIds: number[] = [];

    for (const ex of exercises) {
      const buildingIds = buildingNames.map((descrizione) => {
        const id = ids.buildings.take();
        rows.buildings.push({
          archive_id: archiveId,
          id,
          condominio_id: condominioId,
          esercizio_id: ex.id,
          descrizione,
          indirizzo: buildingCount > 1 ? indirizzo : null,
          note: null,
          obj_version: 1,
        });
        return id;
      });
      const groupIds = groupNames.map((descrizione) => {
        const id = ids.unit_groups.take();
        rows.unit_groups.push({
          archive_id: archiveId,
          id,
          condominio_id: condominioId,
          esercizio_id: ex.id,
          descrizione,
          indirizzo: null,
          note: null,
          obj_version: 1,
        });
        return id;
      });
      const unitIds = physical.map((u, i) => {
        const id = ids.units.take();
        rows.units.push({
          archive_id: archiveId,
          id,
          condominio_id: condominioId,
          esercizio_id: ex.id,
          palazzina_id: buildingIds[u.building] ?? null,
          gruppo_id: groupIds[u.group] ?? null,
          descrizione: `${u.kind} ${u.kind === 'Box' ? `n. ${u.interno}` : `int. ${u.interno}`}`,
          tipo: u.kind,
          scala: u.scala,
          piano: u.piano,
          interno: u.interno,
          ordine: i + 1,
          sezione: null,
          foglio: String(10 + (condominioId % 70)),
          particella: String(100 + ((condominioId * 37) % 800)),
          subalterno: u.subalterno,
          categoria_catastale: CATEGORY_BY_KIND[u.kind] ?? 'A/3',
          millesimi_proprieta: u.millesimi,
          obj_version: 1,
        });
        return id;
      });

      // Ledger accounts of the exercise.
      PERSONAL_ACCOUNTS.forEach((descrizione, i) => {
        rows.ledger_accounts.push({
          archive_id: archiveId,
          id: ids.ledger_accounts.take(),
          condominio_id: condominioId,
          esercizio_id: ex.id,
          tipo_conto: 0,
          codice: String(i + 1).padStart(2, '0'),
          descrizione,
          obj_version: 1,
        });
      });
      PAYMENT_ACCOUNTS.forEach((descrizione, i) => {
        rows.ledger_accounts.push({
          archive_id: archiveId,
          id: ids.ledger_accounts.take(),
          condominio_id: condominioId,
          esercizio_id: ex.id,
          tipo_conto: 1,
          codice: String(50 + i),
          descrizione,
          obj_version: 1,
        });
      });

      // Resources belong to the condominium (created with the first exercise).
      if (resourceIds.length === 0) {
        const addResource = (tipo: number, versione: number, descrizione: string, withIban: boolean) => {
          const id = ids.resources.take();
          const saldo = r.int(100_000, 8_000_000);
          rows.resources.push({
            archive_id: archiveId,
            id,
            condominio_id: condominioId,
            esercizio_id: null,
            tipo_risorsa_id: resourceTypeIds[tipo] as number,
            versione,
            descrizione,
            iban: withIban ? iban : null,
            banca: withIban ? bank.nome : null,
            saldo_iniziale_cents: roundEuro(saldo / 2),
            saldo_cents: saldo,
            obj_version: 1,
          });
          resourceIds.push(id);
        };
        addResource(0, 2, `Conto corrente ${bank.nome}`, true);
        addResource(1, 1, 'Cassa contanti', false);
        if (r.chance(0.3)) addResource(2, 1, 'Conto deposito fondo lavori', false);
        for (const fondo of r.sample(FUND_NAMES, r.int(1, 3))) {
          const importo = roundEuro(r.int(200_000, 5_000_000));
          rows.funds.push({
            archive_id: archiveId,
            id: ids.funds.take(),
            condominio_id: condominioId,
            esercizio_id: ex.id,
            risorsa_id: resourceIds[0] ?? null,
            descrizione: fondo,
            importo_cents: importo,
            saldo_cents: roundEuro(importo * r.next()),
            note: null,
            obj_version: 1,
          });
        }
      }
      const mainResource = resourceIds[0] ?? null;

      // Registries and their roles, then instalments and payments for each registry's units.
      let receipt = 1;
      for (const h of holders.values()) {
        const registryId = ids.registries.take();
        rows.registries.push({
          archive_id: archiveId,
          id: registryId,
          condominio_id: condominioId,
          esercizio_id: ex.id,
          persona_id: h.personId,
          descr: `Anagrafica ${h.personId}`,
          descr_sort: `anagrafica ${h.personId}`,
          obj_version: 1,
        });
        for (const role of h.roles) {
          rows.registry_units.push({
            archive_id: archiveId,
            id: ids.registry_units.take(),
            esercizio_id: ex.id,
            anagrafica_id: registryId,
            unita_id: unitIds[role.unit] as number,
            ruolo: role.ruolo,
            quota: role.quota,
            data_inizio: ex.start,
            data_fine: null,
            obj_version: 1,
          });
        }
        // Instalments: owners (and usufructuaries) pay the unit's share; tenants a part of it.
        for (const role of h.roles) {
          const unit = physical[role.unit];
          if (!unit || role.ruolo === 'Nudo proprietario') continue;
          const monthly = ctx.large;
          if (monthly && payers.get(role.unit) !== `${h.personId}/${role.ruolo}`) continue;
          const share = monthly
            ? 1
            : role.ruolo === 'Inquilino'
              ? 0.3
              : role.ruolo === 'Proprietario' &&
                  h.roles.some((x) => x.unit === role.unit && x.ruolo === 'Inquilino')
                ? 0.7
                : 1;
          const base = ex.tipo === ExerciseType.Extraordinary ? annualBudgetCents * 0.8 : annualBudgetCents;
          const quota = monthly ? 1 : role.quota / 10000;
          const yearly = ((base * unit.millesimi) / 1_000_000) * share * quota;
          const perRate = Math.max(1000, Math.round(yearly / (monthly ? 12 : 4)));
          const dueDates = monthly
            ? Array.from(
                { length: 12 },
                (_, m) => `${ex.start.slice(0, 4)}-${String(m + 1).padStart(2, '0')}-28`,
              )
            : ex.tipo === ExerciseType.Extraordinary
              ? [
                  addDays(ex.start, 30),
                  addDays(ex.start, 210),
                  addDays(ex.start, 390),
                  addDays(ex.start, 570),
                ]
              : [
                  `${ex.start.slice(0, 4)}-01-31`,
                  `${ex.start.slice(0, 4)}-04-30`,
                  `${ex.start.slice(0, 4)}-07-31`,
                  `${ex.start.slice(0, 4)}-10-31`,
                ];
          const tipo =
            ex.tipo === ExerciseType.Extraordinary ? InstalmentType.Extraordinary : InstalmentType.Preventive;
          dueDates.forEach((due, n) => {
            const rataId = ids.instalments.take();
            const rata: Row<'instalments'> = {
              archive_id: archiveId,
              id: rataId,
              condominio_id: condominioId,
              esercizio_id: ex.id,
              anagrafica_id: registryId,
              unita_id: unitIds[role.unit] ?? null,
              tipo,
              numero: n + 1,
              descrizione: `${n + 1}ª rata ${tipo === InstalmentType.Extraordinary ? 'straordinaria' : 'preventivo'} ${ex.descr.replace(/^(Ordinario|Straordinario|Ausiliario) /, '')}`,
              data_scadenza: due,
              importo_cents: perRate,
              versato_cents: 0,
              created_at: `${ex.start}T08:00:00.000Z`,
              obj_version: 1,
            };
            rows.instalments.push(rata);
            // Paid? Closed exercises: nearly all. Open: most past ones, some early payers.
            const past = due <= today;
            const outcome = ex.chiuso
              ? r.weighted<'paid' | 'partial' | 'none'>([
                  ['paid', 95],
                  ['partial', 2],
                  ['none', 3],
                ])
              : past
                ? r.weighted<'paid' | 'partial' | 'none'>([
                    ['paid', 78],
                    ['partial', 8],
                    ['none', 14],
                  ])
                : r.weighted<'paid' | 'partial' | 'none'>([
                    ['paid', 8],
                    ['partial', 0],
                    ['none', 92],
                  ]);
            if (outcome === 'none') return;
            const amount = outcome === 'paid' ? perRate : roundEuro(perRate * (0.3 + r.next() * 0.4)) || 1000;
            let date = addDays(due, r.int(-12, 25));
            if (date > today) date = addDays(today, -r.int(0, 5));
            const paymentId = ids.payments.take();
            rows.payments.push({
              archive_id: archiveId,
              id: paymentId,
              condominio_id: condominioId,
              esercizio_id: ex.id,
              anagrafica_id: registryId,
              unita_id: unitIds[role.unit] ?? null,
              risorsa_id: mainResource,
              data: date,
              importo_cents: amount,
              descrizione: `Versamento ${rata.descrizione}`,
              modalita: r.pick(PAYMENT_METHODS),
              numero_ricevuta: receipt++,
              distribuzione: 0,
              created_at: `${date}T10:00:00.000Z`,
              obj_version: 1,
            });
            rows.payment_allocations.push({
              archive_id: archiveId,
              versamento_id: paymentId,
              rata_id: rataId,
              importo_cents: amount,
            });
            rata.versato_cents = amount;
            rows.movements.push({
              archive_id: archiveId,
              id: ids.movements.take(),
              condominio_id: condominioId,
              esercizio_id: ex.id,
              risorsa_id: mainResource,
              tipo_riferimento: RegistryType.CondominiumRegistry,
              riferimento_id: registryId,
              data: date,
              descrizione: `Versamento ${rata.descrizione}`,
              importo_cents: amount,
              numero_documento: String(receipt - 1),
              created_at: `${date}T10:00:00.000Z`,
            });
          });
        }
        // A few credit balances at the end of a closed exercise: refunded, or carried as surplus.
        if (ex.chiuso && r.chance(0.06)) {
          const amount = roundEuro(r.int(2_000, 40_000));
          const date = addDays(ex.end, r.int(90, 160));
          const surplus = r.chance(0.4);
          const rataId = ids.instalments.take();
          rows.instalments.push({
            archive_id: archiveId,
            id: rataId,
            condominio_id: condominioId,
            esercizio_id: ex.id,
            anagrafica_id: registryId,
            unita_id: null,
            tipo: surplus ? InstalmentType.Surplus : InstalmentType.Refund,
            numero: 5,
            descrizione: surplus ? `Eccedenza conguaglio ${ex.descr}` : `Rimborso conguaglio ${ex.descr}`,
            data_scadenza: date,
            importo_cents: amount,
            versato_cents: surplus ? 0 : amount,
            created_at: `${date}T08:00:00.000Z`,
            obj_version: 1,
          });
          if (!surplus) {
            rows.refunds.push({
              archive_id: archiveId,
              id: ids.refunds.take(),
              condominio_id: condominioId,
              esercizio_id: ex.id,
              anagrafica_id: registryId,
              unita_id: null,
              risorsa_id: mainResource,
              data: date,
              importo_cents: amount,
              descrizione: `Rimborso conguaglio ${ex.descr}`,
              modalita: 'Bonifico',
              numero_ricevuta: null,
              distribuzione: 0,
              created_at: `${date}T10:00:00.000Z`,
              obj_version: 1,
            });
            rows.movements.push({
              archive_id: archiveId,
              id: ids.movements.take(),
              condominio_id: condominioId,
              esercizio_id: ex.id,
              risorsa_id: mainResource,
              tipo_riferimento: RegistryType.CondominiumRegistry,
              riferimento_id: registryId,
              data: date,
              descrizione: `Rimborso conguaglio ${ex.descr}`,
              importo_cents: -amount,
              numero_documento: null,
              created_at: `${date}T10:00:00.000Z`,
            });
          }
        }
      }
    }

    // Common parts: plants and environments of many types, with their services.
    const plantCount = ctx.large ? r.int(2, 4) : r.int(4, 8);
    const environmentCount = ctx.large ? r.int(1, 2) : r.int(1, 3);
    const parts: Array<{ categoria: number; tipo: number }> = [];
    for (let i = 0; i < plantCount; i++) {
      parts.push({
        categoria: CommonPartCategory.Plant,
        tipo: plantTypeOrder[plantCursor++ % plantTypeOrder.length] as number,
      });
    }
    for (let i = 0; i < environmentCount; i++) {
      parts.push({
        categoria: CommonPartCategory.Environment,
        tipo: environmentTypeOrder[environmentCursor++ % environmentTypeOrder.length] as number,
      });
    }
    const partNames = new Set<string>();
    for (const part of parts) {
      const names = (part.categoria === CommonPartCategory.Plant ? PLANT_NAMES : ENVIRONMENT_NAMES)[
        part.tipo
      ] ?? ['Generico'];
      let denominazione = r.pick(names);
      if (partNames.has(denominazione)) denominazione = `${denominazione} ${partNames.size + 1}`;
      partNames.add(denominazione);
      const id = ids.common_parts.take();
      const isPlant = part.categoria === CommonPartCategory.Plant;
      const ubicazione = r.pick(LOCATIONS);
      rows.common_parts.push({
        archive_id: archiveId,
        id,
        condominio_id: condominioId,
        categoria: part.categoria,
        tipo: part.tipo,
        denominazione,
        denominazione_sort: sortKey(denominazione),
        ubicazione,
        note: r.chance(0.3)
          ? r.pick([
              'Chiavi in portineria.',
              'Accesso solo con il manutentore.',
              'Libretto di impianto nel locale tecnico.',
              'Verificare la scadenza del contratto.',
            ])
          : null,
        marca: isPlant && r.chance(0.7) ? r.pick(PLANT_BRANDS) : null,
        modello: null,
        matricola: isPlant && r.chance(0.6) ? `${r.pick(['MT', 'SN', 'IMP'])}-${r.digits(6)}` : null,
        data_installazione: isPlant
          ? `${r.int(1975, year - 1)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`
          : null,
        superficie_mq: isPlant ? null : r.int(20, 800),
        search_doc: searchDocument(denominazione, ubicazione, intestazione),
        created_at: now,
        updated_at: now,
        obj_version: 1,
      });
      result.commonParts.push({ id, condominioId: condominioId });
      const serviceCount = r.int(isPlant ? 1 : 0, 2);
      for (let s = 0; s < serviceCount; s++) {
        const tipoServizio = serviceTypeValues[serviceTypeCursor++ % serviceTypeValues.length] as number;
        const fornitoreId = provider(r);
        const start = `${r.int(year - 5, year)}-${String(r.int(1, 12)).padStart(2, '0')}-01`;
        const periodicita = r.pick([1, 3, 6, 12, 24]);
        const serviceId = ids.common_part_services.take();
        rows.common_part_services.push(
          withServiceDetails({
            archive_id: archiveId,
            id: serviceId,
            condominio_id: condominioId,
            parte_comune_id: id,
            tipo_servizio: tipoServizio,
            fornitore_id: fornitoreId,
            descrizione: `${['', 'Manutenzione', 'Revisione', 'Verifica', 'Riparazione', 'Fornitura', 'Installazione', 'Custodia', 'Incarico professionale', 'Servizio', 'Assistenza'][tipoServizio]} ${denominazione.toLowerCase()}`,
            data_inizio: start,
            data_fine: r.chance(0.15) ? addDays(today, -r.int(10, 400)) : null,
            periodicita_mesi: periodicita,
            prossima_scadenza: addDays(today, r.int(-30, periodicita * 30)),
            importo_cents: roundEuro(r.int(5_000, 400_000)),
            note: null,
            obj_version: 1,
          }),
        );
        result.services.push({ id: serviceId, condominioId: condominioId, fornitoreId });
        // Supplier invoices paid for the service (movements of the provider).
        const current = exercises.find((e) => !e.chiuso && e.tipo === ExerciseType.Ordinary);
        if (fornitoreId !== null && current && !ctx.large) {
          for (let m = 0; m < r.int(1, 3); m++) {
            const date = r.dateBetween(current.start, today);
            rows.movements.push({
              archive_id: archiveId,
              id: ids.movements.take(),
              condominio_id: condominioId,
              esercizio_id: current.id,
              risorsa_id: mainResourceOf(resourceIds),
              tipo_riferimento: RegistryType.Provider,
              riferimento_id: fornitoreId,
              data: date,
              descrizione: `Pagamento fattura n. ${r.int(1, 400)}/${year} - ${denominazione}`,
              importo_cents: -roundEuro(r.int(8_000, 300_000)),
              numero_documento: `${r.int(1, 400)}/${year}`,
              created_at: `${date}T11:00:00.000Z`,
            });
          }
        }
      }
    }

    // Insurance: the building policy (some expired, some expiring soon) and sometimes a second one.
    const policies = ctx.large ? 1 : r.int(1, 2);
    for (let p = 0; p < policies; p++) {
      const expiry = addDays(
        today,
        r.weighted<number>([
          [r.int(-60, -1), 1],
          [r.int(1, 45), 2],
          [r.int(46, 360), 7],
        ]),
      );
      const premio = roundEuro(r.int(80_000, 900_000));
      rows.insurances.push({
        archive_id: archiveId,
        id: ids.insurances.take(),
        condominio_id: condominioId,
        compagnia: r.pick(INSURANCE_COMPANIES),
        agenzia: `Agenzia di ${city.citta}`,
        numero_polizza: `${r.int(100, 999)}.${r.digits(6)}`,
        tipo_polizza:
          p === 0
            ? 'Globale fabbricati'
            : r.pick(['Responsabilità civile', 'Infortuni portiere', 'Tutela legale']),
        data_decorrenza: addDays(expiry, -365),
        data_scadenza: expiry,
        premio_cents: premio,
        massimale_cents: r.pick([150_000_000, 250_000_000, 300_000_000, 500_000_000]),
        franchigia_cents: r.pick([15_000, 25_000, 50_000]),
        note: null,
        obj_version: 1,
      });
    }

    // Cadastral data: the registered building, and sometimes a pending registration request.
    rows.cadastral_data.push({
      archive_id: archiveId,
      id: ids.cadastral_data.take(),
      condominio_id: condominioId,
      tipo: CadastralType.RegisteredProperty,
      codice_comune: city.codiceComune,
      tipo_catasto: 'Fabbricati',
      sezione_urbana: null,
      foglio: String(10 + (condominioId % 70)),
      particella: String(100 + ((condominioId * 37) % 800)),
      subalterno: '1',
      categoria: 'A/3',
      classe: String(r.int(1, 6)),
      consistenza: `${r.int(4, 9)} vani`,
      rendita_cents: r.int(40_000, 250_000),
      data_domanda: null,
      numero_protocollo: null,
      ufficio_provinciale: null,
      note: "Dati dell'intero fabbricato; le unità riportano il proprio subalterno.",
      obj_version: 1,
    });
    if (!ctx.large && r.chance(0.3)) {
      rows.cadastral_data.push({
        archive_id: archiveId,
        id: ids.cadastral_data.take(),
        condominio_id: condominioId,
        tipo: CadastralType.RegistrationRequest,
        codice_comune: city.codiceComune,
        tipo_catasto: 'Fabbricati',
        sezione_urbana: null,
        foglio: String(10 + (condominioId % 70)),
        particella: String(100 + ((condominioId * 37) % 800)),
        subalterno: String(unitCount + 2),
        categoria: 'C/2',
        classe: null,
        consistenza: null,
        rendita_cents: null,
        data_domanda: addDays(today, -r.int(20, 200)),
        numero_protocollo: `${city.provincia}0${r.digits(6)}`,
        ufficio_provinciale: `Ufficio Provinciale di ${city.citta} - Territorio`,
        note: 'Frazionamento del locale deposito al piano interrato.',
        obj_version: 1,
      });
    }

    // Administrators register: the previous administrator's appointment and end, then ours.
    const previousStart = addDays(dataInizioGestione, -365 * r.int(3, 10));
    const register = (evento: string, data: string, amministratore: string, codiceFiscale: string | null) => {
      rows.admin_register.push({
        archive_id: archiveId,
        id: ids.admin_register.take(),
        condominio_id: condominioId,
        evento_id: eventTypeIds.get(evento) as number,
        data_evento: data,
        amministratore,
        codice_fiscale: codiceFiscale,
        data_delibera: data,
        data_inizio: evento === 'Nomina' || evento === 'Conferma' ? data : null,
        data_fine: evento === 'Nomina' || evento === 'Conferma' ? addDays(data, 365) : null,
        note: null,
        obj_version: 1,
      });
    };
    if (!ctx.large) {
      const previous = r.pick([
        'Studio Bianchi Amministrazioni',
        'Geom. Luigi Ferraro',
        'Amministrazioni Conti S.r.l.',
      ]);
      register('Nomina', previousStart, previous, null);
      register(
        r.pick(['Dimissioni', 'Revoca', 'Cessazione']),
        addDays(dataInizioGestione, -1),
        previous,
        null,
      );
    }
    register('Nomina', dataInizioGestione, 'Studio Rossi Amministrazioni', '01234560157');
    for (let y = managedSinceYear + 1; y <= year && !ctx.large; y++) {
      register(
        'Conferma',
        `${y}-${String(r.int(3, 6)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
        'Studio Rossi Amministrazioni',
        '01234560157',
      );
    }

    // Dossiers of the condominium with their files (not in large archives: files cost disk).
    if (!ctx.large) {
      const dossierSpecs: Array<{ origin: number; descrizione: string; files: string[] }> = [
        {
          origin: AttachmentOrigin.Meetings,
          descrizione: 'Verbali di assemblea',
          files: [`verbale-assemblea-${year - 1}.pdf`, `convocazione-assemblea-${year}.pdf`],
        },
        {
          origin: AttachmentOrigin.Documents,
          descrizione: 'Regolamento e tabelle millesimali',
          files: ['regolamento-condominio.pdf', 'tabelle-millesimali.pdf'],
        },
        {
          origin: AttachmentOrigin.Accounting,
          descrizione: `Rendiconto ${year - 1}`,
          files: [`rendiconto-${year - 1}.pdf`],
        },
      ];
      for (const spec of r.sample(dossierSpecs, r.int(2, 3))) {
        addDossier(
          r,
          AttachmentReferenceType.Condominium,
          condominioId,
          spec.origin,
          r.chance(0.2) ? null : spec.descrizione,
          spec.files,
          intestazione,
        );
      }
      const plant = result.commonParts.find((p) => p.condominioId === condominioId);
      if (plant) {
        addDossier(
          r,
          AttachmentReferenceType.CommonPart,
          plant.id,
          AttachmentOrigin.Maintenance,
          'Libretto e verifiche',
          ['libretto-impianto.pdf', `rapporto-verifica-${year}.pdf`],
          intestazione,
        );
      }
    }
  }

  function mainResourceOf(list: number[]): number | null {
    return list[0] ?? null;
  }

  function addDossier(
    r: Rng,
    tipo: number,
    riferimentoId: number,
    origin: number,
    descrizione: string | null,
    files: string[],
    intestazione: string,
  ): void {
    const dossierId = ids.dossiers.take();
    const numero = ids.dossier_numero.take();
    const created = r.timestampBetween(addDays(today, -700), addDays(today, -5));
    rows.dossiers.push({
      archive_id: archiveId,
      id: dossierId,
      numero,
      riferimento_tipo: tipo,
      riferimento_id: riferimentoId,
      tipo_origine: origin,
      tipo: 0,
      descrizione,
      data_creazione: created.slice(0, 10),
      numero_file: files.length,
      obj_version: 1,
    });
    for (const nomeFile of files) {
      const id = ids.attachments.take();
      const storageKey = `seed-${dossierId}-${id}.pdf`;
      const title = nomeFile.replace(/\.pdf$/, '').replace(/-/g, ' ');
      pdfs.push({
        storageKey,
        title: `${title.charAt(0).toUpperCase()}${title.slice(1)}`,
        lines: [
          intestazione,
          descrizione ?? `Fascicolo nr. ${numero}`,
          'Documento dimostrativo generato da Stabile.',
        ],
      });
      rows.attachments.push({
        archive_id: archiveId,
        id,
        riferimento_tipo: tipo,
        riferimento_id: riferimentoId,
        tipo_origine: origin,
        fascicolo_id: dossierId,
        nome_file: nomeFile,
        data_ora: created,
        chiave_download: `${archiveId}-${id}-${r.digits(8)}`,
        dimensione: 0, // set once the file is written
        content_type: 'application/pdf',
        codice: String(id).padStart(6, '0'),
        anno: Number(created.slice(0, 4)),
        storage_key: storageKey,
        created_at: created,
        obj_version: 1,
      });
    }
  }

  // Person and provider dossiers (documents the studio keeps about them).
  if (!ctx.large) {
    const r = rng.fork('fascicoli-persone');
    for (const personId of r.sample(refs.personIds, Math.round(12 * ctx.scale))) {
      addDossier(
        r,
        AttachmentReferenceType.Person,
        personId,
        AttachmentOrigin.Documents,
        'Documenti personali',
        [r.pick(['delega-assemblea.pdf', 'contratto-locazione.pdf', 'documento-identita.pdf'])],
        'Anagrafica',
      );
    }
    for (const providerId of r.sample(refs.providerIds, Math.round(10 * ctx.scale))) {
      addDossier(
        r,
        AttachmentReferenceType.Provider,
        providerId,
        AttachmentOrigin.Documents,
        'DURC e certificazioni',
        ['durc.pdf', 'visura-camerale.pdf'],
        'Fornitore',
      );
    }
  }

  // Registry descriptions come from the persons' names (one query for all of them).
  const personIds = [...new Set(rows.registries.map((x) => x.persona_id))];
  const names = new Map<number, string>();
  for (let i = 0; i < personIds.length; i += 5000) {
    const chunk = personIds.slice(i, i + 5000);
    const found = await db
      .selectFrom('persons')
      .select(['id', 'descr'])
      .where('archive_id', '=', archiveId)
      .where('id', 'in', chunk)
      .execute();
    for (const p of found) names.set(p.id, p.descr);
  }
  for (const reg of rows.registries) {
    const descr = names.get(reg.persona_id) ?? reg.descr;
    reg.descr = descr;
    reg.descr_sort = sortKey(descr);
  }

  // Real small PDFs: their size goes in the row; the bytes are stored when a data dir is given.
  const sizes = new Map<string, number>();
  for (const file of pdfs) {
    const bytes = await renderPdf(file.title, file.lines, ctx.today);
    sizes.set(file.storageKey, bytes.length);
    if (ctx.dataDir) await storeAttachment(ctx.dataDir, archiveId, file.storageKey, bytes);
  }
  for (const attachment of rows.attachments) attachment.dimensione = sizes.get(attachment.storage_key) ?? 0;

  for (const counter of Object.values(ids)) await counter.commit(db, archiveId);
  for (const [table, list] of Object.entries(rows) as Array<[keyof typeof rows, Row<keyof typeof rows>[]]>) {
    ctx.progress?.(`${table}: ${list.length}`);
    await insertRows(db, ctx.dialect, table, list as never);
  }
  return result;
}
