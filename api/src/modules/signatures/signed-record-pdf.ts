// A signed record as a PDF (pdf-lib): the contract of an accepted proposal, or a signed change order.
// What was agreed (lines, figures, schedule, terms) and, on its own page, who signed, when, from where,
// and how (typed name, consent, e-mailed code): the E-SIGN Act / UETA record of intent and attribution.
import type { PDFFont, PDFPage } from "pdf-lib";
import { usd } from "../../lib/usd";

export interface SignedRecord {
  title: string;
  /** Lines under the title: the order, the proposal and version, the date. */
  references: string[];
  company: { name: string; phone: string; email: string };
  customer: { name: string; email: string; deliverTo: string };
  lines: { name: string; quantity: number; unitPriceCents: number }[];
  /** Label and amount, in order (subtotal, discount, delivery, each tax, total). */
  figures: [string, number][];
  schedule: { label: string; when: string; amountCents: number }[];
  /** Paragraphs. */
  terms: string[];
  signature: {
    fullName: string;
    email: string;
    signedAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
    /** What the signer agreed to, as the form said it. */
    statements: string[];
  };
}

// The standard fonts encode WinAnsi only: the few other characters our texts use get their nearest form.
const WIN_ANSI_FALLBACK: Record<string, string> = { "\u2212": "-", "\u2192": "->", "\u2248": "~", "\u00a0": " " };
export const winAnsi = (text: string) =>
  text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u00d7]/g, (c) => {
    return WIN_ANSI_FALLBACK[c] ?? "?";
  });

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 54;

/** Writes top to bottom, wrapping text and opening a page when one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: import("pdf-lib").PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  text(text: string, { size = 10, bold = false, gap = 4 }: { size?: number; bold?: boolean; gap?: number } = {}) {
    const font = bold ? this.bold : this.regular;
    for (const line of wrap(winAnsi(text), font, size, PAGE[0] - 2 * MARGIN)) {
      this.room(size + gap);
      this.y -= size;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font });
      this.y -= gap;
    }
  }
  space(height = 8) {
    this.y -= height;
  }
  /** A row of cells; `right` cells end at their column's right edge (amounts). */
  row(cells: { text: string; x: number; right?: boolean }[], { bold = false, size = 10 } = {}) {
    const font = bold ? this.bold : this.regular;
    this.room(size + 6);
    this.y -= size;
    for (const cell of cells) {
      const text = winAnsi(cell.text);
      const x = cell.right ? MARGIN + cell.x - font.widthOfTextAtSize(text, size) : MARGIN + cell.x;
      this.page.drawText(text, { x, y: this.y, size, font });
    }
    this.y -= 6;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

const WIDTH = PAGE[0] - 2 * MARGIN;

export async function renderSignedRecord(record: SignedRecord): Promise<Uint8Array> {
  // pdf-lib (about 1 MB) is loaded with the first signature, not by every API process at start
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(record.title));
  doc.setAuthor(winAnsi(record.company.name));
  doc.setCreationDate(record.signature.signedAt);
  doc.setModificationDate(record.signature.signedAt);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  w.text(record.company.name, { size: 11, bold: true });
  w.text(`${record.company.phone} · ${record.company.email}`, { size: 9 });
  w.space(12);
  w.text(record.title, { size: 16, bold: true, gap: 6 });
  for (const reference of record.references) w.text(reference, { size: 9 });
  w.space();
  w.text("Customer", { bold: true });
  w.text(`${record.customer.name} · ${record.customer.email}`);
  if (record.customer.deliverTo) w.text(`Delivery to: ${record.customer.deliverTo}`);
  w.space();

  w.row(
    [
      { text: "Item", x: 0 },
      { text: "Qty", x: WIDTH - 190, right: true },
      { text: "Unit price", x: WIDTH - 100, right: true },
      { text: "Amount", x: WIDTH, right: true },
    ],
    { bold: true },
  );
  for (const line of record.lines) {
    w.row([
      { text: line.name.length > 60 ? `${line.name.slice(0, 59)}…` : line.name, x: 0 },
      { text: String(line.quantity), x: WIDTH - 190, right: true },
      { text: usd(line.unitPriceCents), x: WIDTH - 100, right: true },
      { text: usd(line.unitPriceCents * line.quantity), x: WIDTH, right: true },
    ]);
  }
  w.space(4);
  record.figures.forEach(([label, cents], i) => {
    const last = i === record.figures.length - 1;
    w.row(
      [
        { text: label, x: WIDTH - 300 },
        { text: usd(cents), x: WIDTH, right: true },
      ],
      { bold: last },
    );
  });
  w.space();
  w.text("Payment schedule", { bold: true });
  for (const item of record.schedule) {
    w.row([
      { text: item.label, x: 0 },
      { text: item.when, x: 180 },
      { text: usd(item.amountCents), x: WIDTH, right: true },
    ]);
  }
  w.space();
  w.text("Terms", { bold: true });
  for (const paragraph of record.terms) w.text(paragraph, { size: 9, gap: 3 });

  w.newPage();
  const s = record.signature;
  w.text("Signature", { size: 14, bold: true, gap: 8 });
  w.text(`Signed electronically by ${s.fullName} (${s.email}).`);
  w.space(4);
  const rows: [string, string][] = [
    ["Name typed as signature", s.fullName],
    ["E-mail", s.email],
    [
      "Signed at (UTC)",
      s.signedAt
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC"),
    ],
    ["IP address", s.ipAddress ?? "not known"],
    ["Browser (user agent)", s.userAgent ?? "not known"],
    ["Signing code", `verified: a 6-digit code e-mailed to ${s.email} was typed`],
  ];
  for (const [label, value] of rows) {
    w.text(label, { size: 9, bold: true, gap: 1 });
    w.text(value, { size: 10, gap: 6 });
  }
  w.space(4);
  w.text("The signer stated:", { size: 9, bold: true });
  for (const statement of s.statements) w.text(`• ${statement}`, { size: 9, gap: 3 });
  return doc.save();
}
