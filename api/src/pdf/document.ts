import PDFDocument from 'pdfkit';
import type { Seller } from '../config';

export const MARGIN = 56;
export const GREY = '#555555';

/** An A4 pdfkit document (built-in fonts): its bytes, once `draw` has written it. */
export function renderPdf(
  title: string,
  seller: Seller,
  draw: (doc: PDFKit.PDFDocument, width: number) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: seller.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc, doc.page.width - 2 * MARGIN);
    doc.end();
  });
}

/** The seller on the left and the customer on the right, as on a paper invoice; leaves the cursor below both. */
export function drawParties(
  doc: PDFKit.PDFDocument,
  width: number,
  seller: Seller,
  customerHeading: string,
  customer: string[],
): void {
  const top = doc.y + 18;
  const half = width / 2 - 10;
  const block = (x: number, heading: string, lines: string[]) => {
    doc.fillColor(GREY).font('Helvetica-Bold').fontSize(9).text(heading.toUpperCase(), x, top, { width: half });
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(11).text(lines[0]!, { width: half });
    doc.font('Helvetica').fontSize(10);
    for (const line of lines.slice(1)) doc.text(line, { width: half });
    return doc.y;
  };
  const sellerBottom = block(MARGIN, 'From', [
    seller.name,
    seller.address,
    `RC number: ${seller.rcNumber}`,
    `TIN: ${seller.tin}`,
    `Contact: ${seller.contact}`,
  ]);
  const customerBottom = block(MARGIN + width / 2 + 10, customerHeading, customer);
  doc.y = Math.max(sellerBottom, customerBottom) + 24;
}
