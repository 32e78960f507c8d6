import {
  formatEuro,
  formatIsoDate,
  instalmentTypeLabels,
  type RataDettaglio,
  type StampaImpostazioniData,
} from '@stabile/contract';
import PDFDocument from 'pdfkit';

/*
 * The two documents handed to a resident: the statement of instalments (situazione rate) of a
 * registry or of units over one or more exercises, and the receipt of a payment. Both carry the
 * studio's print settings (header, address, fiscal code, logo, signature line, footer). Amounts in
 * Italian format (1.234,56 €), dates dd/MM/yyyy.
 */

const MARGIN = 48;
const euroText = formatEuro;
const dateText = formatIsoDate;

type Doc = InstanceType<typeof PDFDocument>;

function render(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: title, Author: 'Stabile', Creator: 'Stabile' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** The studio's header (logo on the left when set) and, on every page, the footer. */
function header(doc: Doc, settings: StampaImpostazioniData): void {
  const top = doc.y;
  let textX = MARGIN;
  if (settings.logo) {
    try {
      const base64 = settings.logo.slice(settings.logo.indexOf(',') + 1);
      doc.image(Buffer.from(base64, 'base64'), MARGIN, top, { fit: [70, 50] });
      textX = MARGIN + 80;
    } catch {
      // An unreadable image is left out rather than failing the document.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(settings.intestazione ?? 'Amministrazione condominiale', textX, top);
  doc.font('Helvetica').fontSize(9);
  if (settings.indirizzo) doc.text(settings.indirizzo, textX);
  if (settings.codiceFiscale) doc.text(`Codice fiscale: ${settings.codiceFiscale}`, textX);
  doc.y = Math.max(doc.y, top + 55);
  doc.x = MARGIN;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown();
}

function footer(doc: Doc, settings: StampaImpostazioniData): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - MARGIN + 10;
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    const text = [settings.piePagina, `Pagina ${i - range.start + 1} di ${range.count}`]
      .filter(Boolean)
      .join('   ·   ');
    doc.text(text, MARGIN, bottom, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
    doc.page.margins.bottom = saved;
    doc.fillColor('#000000');
  }
}

function signature(doc: Doc, settings: StampaImpostazioniData): void {
  doc.moveDown(2);
  const width = 200;
  const x = doc.page.width - MARGIN - width;
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  const y = doc.y + 20;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .strokeColor('#000000')
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(settings.rigaFirma ?? "L'amministratore", x, y + 4, { width, align: 'center' });
  doc.x = MARGIN;
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

function tableRow(doc: Doc, columns: readonly Column[], values: readonly string[], bold = false): void {
  if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
  const y = doc.y;
  let x = MARGIN;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  let height = 0;
  columns.forEach((c, i) => {
    const text = values[i] ?? '';
    doc.text(text, x + 2, y, { width: c.width - 4, align: c.align ?? 'left' });
    height = Math.max(height, doc.y - y);
    x += c.width;
  });
  doc.x = MARGIN;
  doc.y = y + height + 3;
}

export interface StatementSection {
  detail: RataDettaglio;
}

/** The statement of instalments: for each exercise its instalments, what was paid and the balance. */
export function statementPdf(
  settings: StampaImpostazioniData,
  sections: readonly StatementSection[],
  printedOn: string,
): Promise<Buffer> {
  const first = sections[0]?.detail;
  const title = `Situazione rate - ${first?.description ?? ''}`;
  return render(title, (doc) => {
    header(doc, settings);
    doc.font('Helvetica-Bold').fontSize(14).text('Situazione rate');
    doc.font('Helvetica').fontSize(10);
    if (first) {
      doc.text(`Condominio: ${first.condominio.intestazione}`);
      doc.text(`Intestatario: ${first.description}`);
      const roles = first.subList.map((s) => `${s.name} (${s.roles.join(', ')})`).join('; ');
      if (roles) doc.text(`Unità e ruoli: ${roles}`);
    }
    doc.text(`Stampata il ${dateText(printedOn)}`);
    doc.moveDown();
    const columns: Column[] = [
      { title: 'Rata', width: 170 },
      { title: 'Tipo', width: 70 },
      { title: 'Scadenza', width: 60 },
      { title: 'Importo', width: 65, align: 'right' },
      { title: 'Versato', width: 65, align: 'right' },
      { title: 'Saldo', width: 69, align: 'right' },
    ];
    let dovuto = 0;
    let versato = 0;
    for (const { detail } of sections) {
      if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(11).text(`Esercizio ${detail.esercizio.descrizione}`);
      doc.moveDown(0.3);
      tableRow(
        doc,
        columns,
        columns.map((c) => c.title),
        true,
      );
      for (const r of detail.rate) {
        tableRow(doc, columns, [
          r.unitaDescr ? `${r.descrizione} - ${r.unitaDescr}` : r.descrizione,
          instalmentTypeLabels[r.tipo],
          dateText(r.dataScadenza),
          euroText(r.importo),
          euroText(r.versato),
          `${euroText(r.saldo)}${r.scaduta ? ' *' : ''}`,
        ]);
      }
      tableRow(
        doc,
        columns,
        [
          'Totale esercizio',
          '',
          '',
          euroText(detail.dovuto),
          euroText(detail.versato),
          euroText(detail.saldo),
        ],
        true,
      );
      if (detail.importoScaduto > 0)
        doc
          .font('Helvetica')
          .fontSize(9)
          .text(`Scaduto non versato: ${euroText(detail.importoScaduto)} (rate con *)`);
      if (detail.eccedenza > 0)
        doc
          .font('Helvetica')
          .fontSize(9)
          .text(`Eccedenza a credito: ${euroText(detail.eccedenza)}`);
      dovuto += detail.dovuto;
      versato += detail.versato;
      doc.moveDown();
    }
    if (sections.length > 1) {
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(
          `Totale: dovuto ${euroText(dovuto)}, versato ${euroText(versato)}, saldo ${euroText(dovuto - versato)}`,
        );
    }
    signature(doc, settings);
    footer(doc, settings);
  });
}

export interface ReceiptData {
  numero: number | null;
  data: string;
  importo: number;
  pagatore: string;
  codiceFiscale: string | null;
  indirizzo: string | null;
  condominio: string;
  esercizio: string;
  modalita: string | null;
  conto: string | null;
  descrizione: string | null;
  allocazioni: Array<{ descrizione: string; dataScadenza: string; importo: number }>;
  eccedenza: number;
}

/** The receipt of a payment: who paid, how much, when, and which instalments it paid. */
export function receiptPdf(settings: StampaImpostazioniData, r: ReceiptData): Promise<Buffer> {
  return render(`Ricevuta n. ${r.numero ?? ''}`, (doc) => {
    header(doc, settings);
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(`Ricevuta di versamento n. ${r.numero ?? '-'} del ${dateText(r.data)}`);
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Condominio: ${r.condominio}`);
    doc.text(`Esercizio: ${r.esercizio}`);
    doc.moveDown(0.5);
    doc.text(`Ricevuto da: ${r.pagatore}`);
    if (r.codiceFiscale) doc.text(`Codice fiscale: ${r.codiceFiscale}`);
    if (r.indirizzo) doc.text(`Indirizzo: ${r.indirizzo}`);
    doc.moveDown(0.5);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Importo: ${euroText(r.importo)}`);
    doc.font('Helvetica').fontSize(10);
    if (r.modalita) doc.text(`Modalità: ${r.modalita}`);
    if (r.conto) doc.text(`Conto: ${r.conto}`);
    if (r.descrizione) doc.text(`Causale: ${r.descrizione}`);
    doc.moveDown();
    if (r.allocazioni.length) {
      const columns: Column[] = [
        { title: 'Rata pagata', width: 280 },
        { title: 'Scadenza', width: 90 },
        { title: 'Importo', width: 129, align: 'right' },
      ];
      tableRow(
        doc,
        columns,
        columns.map((c) => c.title),
        true,
      );
      for (const a of r.allocazioni) {
        tableRow(doc, columns, [a.descrizione, dateText(a.dataScadenza), euroText(a.importo)]);
      }
    }
    if (r.eccedenza > 0) {
      doc.moveDown(0.5);
      doc.text(`Eccedenza a credito: ${euroText(r.eccedenza)}`);
    }
    signature(doc, settings);
    footer(doc, settings);
  });
}
