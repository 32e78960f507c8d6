import { formatEuro, formatIsoDate } from '@stabile/contract';

/** Cents as Italian euros (1.234,56 €); dates dd/MM/yyyy. */
export const euro = formatEuro;
export const italianDate = (iso: string | null | undefined) => (iso ? formatIsoDate(iso) : '');

/** The drawer id of a group: condominium, exercise, and `a<registry>` or `u<unit>`. */
export function groupDrawerId(g: {
  condominioID: number;
  esercizioID: number;
  type: number;
  id: number;
}): string {
  return `${g.condominioID}-${g.esercizioID}-${g.type === 2 ? 'u' : 'a'}${g.id}`;
}

export function parseGroupDrawerId(
  id: string,
): { condGenID: number; esercizioID: number; anagrID?: number; listaUnitaID?: number[] } | null {
  const match = /^(\d+)-(\d+)-([au])(\d+)$/.exec(id);
  if (!match) return null;
  const [, cond, ex, kind, ref] = match;
  const base = { condGenID: Number(cond), esercizioID: Number(ex) };
  return kind === 'u' ? { ...base, listaUnitaID: [Number(ref)] } : { ...base, anagrID: Number(ref) };
}

/** Euros typed by the user ("1.234,56", "1234.5", "12") as cents, or null. */
export function parseEuroInput(text: string): number | null {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (!trimmed) return null;
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}
