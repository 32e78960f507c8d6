import { DurcState, PaymentPreference, ShippingMethod } from '@stabile/contract';
import type { SeedContext } from '../../seed/context.ts';
import { codiceFiscale, italianIban, partitaIva } from '../../seed/identifiers.ts';
import {
  BANKS,
  CITIES,
  type City,
  companyEmail,
  companyName,
  companyPec,
  FIRST_NAMES,
  landlinePhone,
  mobilePhone,
  NOTE_TEXTS,
  OPERATORS,
  PROVIDER_ACTIVITY_KINDS,
  personEmail,
  SURNAMES,
  streetAddress,
} from '../../seed/italian-data.ts';
import { addDays } from '../../seed/random.ts';
import { addOperators, listLookup } from '../lookups/lookups.repository.ts';
import { durcKind, type RegistryValues, registrySearchDoc, sortKey } from './people.mapper.ts';
import { insertRegistryBatch } from './registry.repository.ts';

/** Persons of the full demo archive (scale 1) and of a generated large archive. */
export const DEMO_PERSONS = 300;
export const DEMO_PROVIDERS = 60;
export const LARGE_PERSONS = 200_000;
export const LARGE_PROVIDERS = 2_000;
const DURC_STATE_COUNT = Object.keys(DurcState).length;

const EMPTY: Omit<RegistryValues, 'descr' | 'descr_sort' | 'search_doc'> = {
  ragione_sociale: null,
  titolo: null,
  indirizzo: null,
  cap: null,
  citta: null,
  provincia: null,
  nazione: null,
  codice_fiscale: null,
  partita_iva: null,
  telefono1: null,
  telefono1_etichetta: null,
  telefono2: null,
  telefono2_etichetta: null,
  telefono3: null,
  telefono3_etichetta: null,
  email: null,
  pec: null,
  iban: null,
  bic: null,
  banca: null,
  sito_web: null,
  fax: null,
  lingua: null,
  recapito_descr: null,
  recapito_indirizzo: null,
  recapito_cap: null,
  recapito_citta: null,
  recapito_provincia: null,
  recapito_nazione: null,
  spedizione_generale: 0,
  spedizione_guasti: 0,
  spedizione_assemblee: 0,
  preferenza_pagamento: 0,
  rappresentante_legale: null,
  esporta_rubrica: 0,
  portale_attivo: 0,
  codice_tributo: null,
  causale_cu: null,
  includi_ac_k730: 0,
  termini_pagamento: null,
  domicilio_fiscale: null,
  tipo_attivita_id: null,
  durc: null,
  durc_stato: null,
  note: null,
  campo_libero1: null,
  campo_libero2: null,
  campo_libero3: null,
  campo_libero4: null,
};

function finish(values: Omit<RegistryValues, 'descr_sort' | 'search_doc'>): RegistryValues {
  return { ...values, descr_sort: sortKey(values.descr), search_doc: registrySearchDoc(values) };
}

function person(ctx: SeedContext, index: number): RegistryValues {
  const { rng } = ctx;
  const first = rng.pick(FIRST_NAMES);
  const cognome = rng.pick(SURNAMES);
  const city: City = rng.pick(CITIES);
  const birthCity: City = rng.chance(0.6) ? city : rng.pick(CITIES);
  const dataNascita = rng.dateBetween('1935-01-01', '2003-12-31');
  const bank = rng.chance(0.55) ? rng.pick(BANKS) : null;
  const email = rng.chance(0.8) ? personEmail(rng, first.nome, cognome, ctx.large ? index : undefined) : null;
  const shipping = email
    ? rng.pick([ShippingMethod.Email, ShippingMethod.Email, ShippingMethod.Post])
    : ShippingMethod.Post;
  const hasMailing = rng.chance(0.1);
  const mailingCity = rng.pick(CITIES);
  return finish({
    ...EMPTY,
    descr: `${cognome} ${first.nome}`,
    titolo:
      first.sesso === 'M'
        ? rng.pick(['Sig.', 'Sig.', 'Dott.', 'Ing.', 'Avv.'])
        : rng.pick(['Sig.ra', 'Sig.ra', 'Dott.ssa']),
    indirizzo: streetAddress(rng),
    cap: city.cap,
    citta: city.citta,
    provincia: city.provincia,
    nazione: 'Italia',
    codice_fiscale: codiceFiscale({
      nome: first.nome,
      cognome,
      dataNascita,
      sesso: first.sesso,
      codiceComune: birthCity.codiceComune,
    }),
    telefono1: mobilePhone(rng),
    telefono1_etichetta: 'casa',
    telefono2: rng.chance(0.3) ? landlinePhone(rng, city) : null,
    telefono2_etichetta: rng.chance(0.5) ? 'lavoro' : 'ufficio',
    email,
    iban: bank ? italianIban(rng, bank.abi) : null,
    bic: bank ? bank.bic : null,
    banca: bank ? bank.nome : null,
    lingua: 'it',
    recapito_descr: hasMailing ? `${cognome} ${first.nome}` : null,
    recapito_indirizzo: hasMailing ? streetAddress(rng) : null,
    recapito_cap: hasMailing ? mailingCity.cap : null,
    recapito_citta: hasMailing ? mailingCity.citta : null,
    recapito_provincia: hasMailing ? mailingCity.provincia : null,
    recapito_nazione: hasMailing ? 'Italia' : null,
    spedizione_generale: shipping,
    spedizione_guasti: shipping,
    spedizione_assemblee: rng.chance(0.3) ? ShippingMethod.PostAndEmail : shipping,
    preferenza_pagamento: rng.pick([
      PaymentPreference.BankTransfer,
      PaymentPreference.BankTransfer,
      PaymentPreference.Mav,
      PaymentPreference.PagoPa,
      PaymentPreference.DirectDebit,
    ]),
    esporta_rubrica: rng.chance(0.2) ? 1 : 0,
    portale_attivo: rng.chance(0.35) ? 1 : 0,
    note: rng.chance(0.1) ? rng.pick(NOTE_TEXTS) : null,
  });
}

function durcFor(ctx: SeedContext, index: number): string {
  const states = [
    DurcState.Present,
    DurcState.Expiring,
    DurcState.Expired,
    DurcState.Absent,
    DurcState.Required,
  ];
  // The first providers cover every state; the rest are mostly in order.
  const kind =
    index < states.length
      ? (states[index] as DurcState)
      : ctx.rng.weighted([
          [DurcState.Present, 6],
          [DurcState.Expiring, 2],
          [DurcState.Expired, 1],
          [DurcState.Absent, 1],
          [DurcState.Required, 1],
        ] as const);
  if (kind === DurcState.Expiring) return `${kind}|${addDays(ctx.today, ctx.rng.int(1, 30))}|`;
  if (kind === DurcState.Expired) return `${kind}||${addDays(ctx.today, -ctx.rng.int(1, 200))}`;
  if (kind === DurcState.Present) return `${kind}|${addDays(ctx.today, ctx.rng.int(31, 120))}|`;
  return `${kind}||`;
}

function provider(ctx: SeedContext, index: number, activityTypes: Map<string, number>): RegistryValues {
  const { rng } = ctx;
  const kind = rng.pick(PROVIDER_ACTIVITY_KINDS);
  const name = companyName(rng, kind);
  const city: City = rng.pick(CITIES);
  const vat = partitaIva(rng);
  const bank = rng.pick(BANKS);
  const unique = ctx.large ? index : undefined;
  const professional = kind === 'Amministrazione condominiale';
  const durc = durcFor(ctx, index);
  return finish({
    ...EMPTY,
    descr: name,
    ragione_sociale: name,
    indirizzo: streetAddress(rng),
    cap: city.cap,
    citta: city.citta,
    provincia: city.provincia,
    nazione: 'Italia',
    codice_fiscale: vat,
    partita_iva: vat,
    telefono1: landlinePhone(rng, city),
    telefono1_etichetta: 'ufficio',
    telefono2: mobilePhone(rng),
    telefono2_etichetta: 'lavoro',
    email: companyEmail(rng, name, unique),
    pec: companyPec(name, unique ?? index),
    iban: italianIban(rng, bank.abi),
    bic: bank.bic,
    banca: bank.nome,
    lingua: 'it',
    rappresentante_legale: `${rng.pick(FIRST_NAMES).nome} ${rng.pick(SURNAMES)}`,
    spedizione_generale: ShippingMethod.Pec,
    spedizione_guasti: ShippingMethod.Email,
    spedizione_assemblee: ShippingMethod.None,
    preferenza_pagamento: PaymentPreference.BankTransfer,
    codice_tributo: professional ? '1040' : '1020',
    causale_cu: professional ? 'A' : null,
    termini_pagamento: rng.pick(['Vista fattura', '30 giorni data fattura', '60 giorni fine mese']),
    domicilio_fiscale: `${city.citta} (${city.provincia})`,
    tipo_attivita_id: activityTypes.get(kind) ?? null,
    durc,
    durc_stato: durcKind(durc),
    note: rng.chance(0.15) ? rng.pick(NOTE_TEXTS) : null,
  });
}

/**
 * Persons (~300 at scale 1, 200,000 in a large archive) with valid fiscal codes, IBANs and phones,
 * and providers (~60) with valid VAT numbers and every DURC state; also the archive's lookups.
 */
export async function seedPeople(ctx: SeedContext): Promise<{ personIds: number[]; providerIds: number[] }> {
  if (ctx.scale <= 0 && !ctx.large) return { personIds: [], providerIds: [] };
  const { db, archiveId } = ctx;
  const now = ctx.today.toISOString();
  for (const table of ['nations', 'titles', 'assignment_types'] as const)
    await listLookup(db, table, archiveId);
  const activityTypes = new Map(
    (await listLookup(db, 'provider_activity_types', archiveId)).map((t) => [t.testo, t.id] as const),
  );
  await addOperators(db, archiveId, OPERATORS);

  const personCount = ctx.large ? LARGE_PERSONS : Math.max(1, Math.round(DEMO_PERSONS * ctx.scale));
  const providerCount = ctx.large
    ? LARGE_PROVIDERS
    : Math.max(DURC_STATE_COUNT, Math.round(DEMO_PROVIDERS * ctx.scale));

  const providerRows = Array.from({ length: providerCount }, (_, i) => provider(ctx, i, activityTypes));
  const providerIds = await insertRegistryBatch(db, 'providers', archiveId, providerRows, now);

  const personIds: number[] = [];
  const batch = 5_000;
  for (let start = 0; start < personCount; start += batch) {
    const rows = Array.from({ length: Math.min(batch, personCount - start) }, (_, i) =>
      person(ctx, start + i),
    );
    personIds.push(...(await insertRegistryBatch(db, 'persons', archiveId, rows, now)));
    if (ctx.large) ctx.progress?.(`contatti: ${personIds.length} di ${personCount}`);
  }
  return { personIds, providerIds };
}
